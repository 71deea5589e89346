package io.paypipe.ingress.stripe;

import static io.paypipe.ingress.stripe.StripeFixtures.newOutTradeNo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.callback.CallbackIntegrationBase;
import io.paypipe.sandbox.stripe.PaymentIntentEvent;
import io.paypipe.sandbox.stripe.PaymentIntentSpec;
import io.paypipe.sandbox.stripe.StripeEvents;
import io.paypipe.sandbox.stripe.StripeIds;
import io.paypipe.sandbox.stripe.StripeMerchant;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 16: keys rotate, and a changed merchants file takes effect without a restart
 * ({@code MerchantsFileWatch}, here every 200 ms); a file ingress cannot use keeps the
 * keys in use and raises a MERCHANTS_FILE_INVALID alert. Stripe's endpoint secret is the
 * key rotated: the same running ingress refuses an event signed with the old secret and
 * accepts one signed with the new.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "ingress.merchants-reload-interval=200ms",
                // a context of its own beside the cached ones of the other ingress tests:
                // a
                // small pool, closed after, so the shared MariaDB keeps connections to
                // spare
                "spring.datasource.hikari.maximum-pool-size=4", "ingress.max-concurrent-callbacks=4" })
@DirtiesContext
class MerchantsFileReloadIntegrationTest extends CallbackIntegrationBase {

    private static final StripeMerchant SHOP = new StripeMerchant("shop-reload", "acct_1Reloadrrrrrrrrrr",
            StripeIds.endpointSecret());

    private static final Path MERCHANTS_FILE = merchantsFile();

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static final StripeEvents EVENTS = new StripeEvents(Clock.systemUTC());

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("ingress.merchants-file", MERCHANTS_FILE::toString);
    }

    @Test
    void aRotatedEndpointSecretTakesEffectWithoutARestart() throws Exception {
        // Given the running ingress accepts events signed with the account's secret
        StripeMerchant current = inUse(SHOP);
        assertThat(post(paymentOf(current)).statusCode()).isEqualTo(200);

        // When the secret rotates in the merchants file
        StripeMerchant rotated = current.withEndpointSecret(StripeIds.endpointSecret());
        write(rotated);

        // Then events signed with the new secret are accepted, with the old one refused
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(post(paymentOf(rotated)).statusCode()).isEqualTo(200));
        assertThat(post(paymentOf(current)).statusCode() / 100).as("the old secret's fail ack").isNotEqualTo(2);
    }

    @Test
    void aFileIngressCannotUseKeepsTheKeysInUseAndRaisesAnAlert() throws Exception {
        // Given a secret in use
        StripeMerchant current = inUse(SHOP.withEndpointSecret(StripeIds.endpointSecret()));
        long alertsBefore = invalidFileAlerts();

        // When the file lists the account twice, the second time with another secret
        StripeMerchant other = current.withEndpointSecret(StripeIds.endpointSecret());
        new MerchantsFile(List.of(current.toMerchant(), other.toMerchant())).write(MERCHANTS_FILE);

        // Then a MERCHANTS_FILE_INVALID alert says so, without a secret, and the secret
        // in
        // use still verifies
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(invalidFileAlerts()).isGreaterThan(alertsBefore));
        String message = jdbc
            .sql("SELECT message FROM ops_alert WHERE kind = 'MERCHANTS_FILE_INVALID' " + "ORDER BY id DESC LIMIT 1")
            .query(String.class)
            .single();
        assertThat(message).contains("ingress: merchants file").contains("previous one stays in use");
        assertThat(message).doesNotContain(current.endpointSecret()).doesNotContain(other.endpointSecret());
        assertThat(post(paymentOf(current)).statusCode()).isEqualTo(200);
        assertThat(post(paymentOf(other)).statusCode() / 100).as("the refused file's secret").isNotEqualTo(2);
    }

    /** Writes {@code merchant} into the file and waits until ingress verifies with it. */
    private StripeMerchant inUse(StripeMerchant merchant) {
        write(merchant);
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(post(paymentOf(merchant)).statusCode()).isEqualTo(200));
        return merchant;
    }

    private long invalidFileAlerts() {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE kind = 'MERCHANTS_FILE_INVALID'")
            .query(Long.class)
            .single();
    }

    private static SignedNotification paymentOf(StripeMerchant merchant) {
        return EVENTS.paymentIntent(PaymentIntentSpec.of(merchant, newOutTradeNo(), 500, "usd"),
                PaymentIntentEvent.SUCCEEDED);
    }

    private HttpResponse<String> post(SignedNotification n) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/notify/stripe"))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json; charset=utf-8")
            .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
        n.headers().forEach((name, value) -> {
            if (!name.equalsIgnoreCase("Content-Type")) {
                request.header(name, value);
            }
        });
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void write(StripeMerchant merchant) {
        new MerchantsFile(List.of(merchant.toMerchant())).write(MERCHANTS_FILE);
    }

    private static Path merchantsFile() {
        try {
            Path file = Files.createTempDirectory("ingress-reload").resolve("merchants.yaml");
            new MerchantsFile(List.of(SHOP.toMerchant())).write(file);
            return file;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
