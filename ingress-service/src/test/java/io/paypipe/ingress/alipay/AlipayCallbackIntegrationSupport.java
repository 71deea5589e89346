package io.paypipe.ingress.alipay;

import io.paypipe.support.testing.TestAccounts;
import io.paypipe.ingress.callback.CallbackIntegrationBase;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Ingress on the shared real broker and database of {@link TestInfra}, with Alipay apps
 * A, B and a service provider in a merchants file written by the test. One Spring context
 * for every subclass.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "ingress.publish-timeout=1500ms")
abstract class AlipayCallbackIntegrationSupport extends CallbackIntegrationBase {

    static final String FORM = "application/x-www-form-urlencoded; charset=utf-8";
    static final Path MERCHANTS_FILE = merchantsFile();

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("ingress.merchants-file", MERCHANTS_FILE::toString);
    }

    long eventRows(String outTradeNo) {
        return jdbc.sql("SELECT COUNT(*) FROM pay_notify_event WHERE out_trade_no = :out")
            .param("out", outTradeNo)
            .query(Long.class)
            .single();
    }

    long refundRows(String outTradeNo) {
        return jdbc.sql("SELECT COUNT(*) FROM pay_refund_raw WHERE out_trade_no = :out")
            .param("out", outTradeNo)
            .query(Long.class)
            .single();
    }

    /** Nothing in any table for this order number. */
    void assertNothingStored(String outTradeNo) {
        assertThat(rawRows(outTradeNo)).isEmpty();
        assertThat(eventRows(outTradeNo)).isZero();
        assertThat(refundRows(outTradeNo)).isZero();
    }

    HttpResponse<String> post(byte[] body) throws IOException, InterruptedException {
        return post(body, FORM);
    }

    HttpResponse<String> post(byte[] body, String contentType) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri("/notify/alipay"))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Alipay's success ack: HTTP 200, the plain text {@code success}, nothing else. */
    static void assertIsSuccessAck(HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("success");
        assertThat(response.headers().firstValue("Content-Type"))
            .hasValueSatisfying(ct -> assertThat(ct).startsWith("text/plain"));
    }

    /** Alipay's fail ack: the plain text {@code fail}, never a stack trace. */
    static void assertIsFailAck(HttpResponse<String> response) {
        assertThat(response.statusCode()).isBetween(400, 599);
        assertThat(response.body()).isEqualTo("fail");
        assertThat(response.headers().firstValue("Content-Type"))
            .hasValueSatisfying(ct -> assertThat(ct).startsWith("text/plain"));
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static Path merchantsFile() {
        try {
            Path file = Files.createTempFile("ingress-alipay-merchants", ".yaml");
            file.toFile().deleteOnExit();
            new MerchantsFile(AlipayFixtures.merchants()).write(file);
            return file;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
