package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.time.Instant;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.TestPropertySource;

/**
 * Ingress terminating TLS itself with a Spring Boot SSL bundle
 * ({@code server.ssl.bundle}, {@code spring.ssl.bundle.jks.ingress.*}), as
 * docs/deployment.md describes it: a self-signed certificate for localhost made by the
 * JDK's keytool when the test class loads, trusted by the test's client and nobody else.
 */
@TestPropertySource(properties = { "server.ssl.bundle=ingress", "spring.ssl.bundle.jks.ingress.keystore.type=PKCS12",
        "spring.ssl.bundle.jks.ingress.keystore.password=" + WechatPayTlsIntegrationTest.PASSWORD,
        "spring.ssl.bundle.jks.ingress.key.alias=ingress" })
class WechatPayTlsIntegrationTest extends CallbackIntegrationSupport {

    static final String PASSWORD = "ingress-test-only";

    private static final Path KEYSTORE = selfSignedKeystore();

    @DynamicPropertySource
    static void keystore(DynamicPropertyRegistry registry) {
        registry.add("spring.ssl.bundle.jks.ingress.keystore.location", () -> KEYSTORE.toUri().toString());
    }

    @Test
    void givenIngressWithAnSslBundle_whenASignedNotificationArrivesOverHttps_thenItIsAcknowledgedStoredAndPublished()
            throws Exception {
        // Given a payment WeChat signed, and a client that trusts ingress's certificate
        // only
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 8800, 8800).json(), Instant.now());
        HttpClient client = HttpClient.newBuilder()
            .sslContext(trusting(KEYSTORE))
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

        // When WeChat posts it to the HTTPS notify URL
        HttpResponse<String> response = client.send(request(URI.create("https://localhost:" + port), n),
                HttpResponse.BodyHandlers.ofString());

        // Then it went over TLS and got the success ack
        assertThat(response.sslSession()).hasValueSatisfying(s -> assertThat(s.getProtocol()).startsWith("TLS"));
        assertThat(response.statusCode()).isEqualTo(204);
        // and the exact bytes were stored once and published on payment.notify
        RawRow row = singleRawRow(out);
        assertThat(row.rawBody()).isEqualTo(n.bodyText());
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).singleElement()
            .satisfies(r -> assertThat(r.value().eventId()).isEqualTo(PaymentNotified.idFor(row.id())));
    }

    @Test
    void givenIngressWithAnSslBundle_whenTheSameKindOfNotificationArrivesOverPlainHttp_thenItIsNotAcknowledgedNorStored()
            throws Exception {
        // Given a signed payment
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 500, 500).json(), Instant.now());

        // When it is posted without TLS to the same port
        Integer status;
        try {
            status = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build()
                .send(request(URI.create("http://127.0.0.1:" + port), n), HttpResponse.BodyHandlers.ofString())
                .statusCode();
        }
        catch (IOException refused) {
            status = null;
        }

        // Then there is no success ack and nothing stored
        assertThat(status).isNotIn(200, 204);
        assertThat(rawRows(out)).isEmpty();
    }

    private static HttpRequest request(URI base, SignedNotification n) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/notify/wechatpay"))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
        n.headers().forEach((name, values) -> values.forEach(v -> request.header(name, v)));
        return request.build();
    }

    private static SSLContext trusting(Path keystore) throws Exception {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            trusted.load(in, PASSWORD.toCharArray());
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    /**
     * A PKCS12 keystore with one RSA key and its self-signed certificate for localhost
     * and 127.0.0.1, valid two days, made by the running JDK's keytool.
     */
    private static Path selfSignedKeystore() {
        try {
            Path dir = Files.createTempDirectory("ingress-tls");
            dir.toFile().deleteOnExit();
            Path keystore = dir.resolve("ingress.p12");
            Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair", "-alias", "ingress", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                    "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                    "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true)
                .start();
            String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (keytool.waitFor() != 0 || !Files.exists(keystore)) {
                throw new IllegalStateException("keytool did not make the keystore: " + output);
            }
            keystore.toFile().deleteOnExit();
            return keystore;
        }
        catch (IOException ex) {
            throw new IllegalStateException("could not run keytool", ex);
        }
        catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while keytool ran", ex);
        }
    }

}
