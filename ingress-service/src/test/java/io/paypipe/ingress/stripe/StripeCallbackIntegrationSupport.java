package io.paypipe.ingress.stripe;

import io.paypipe.support.testing.TestAccounts;
import io.paypipe.ingress.callback.CallbackIntegrationBase;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.stripe.StripeEvents;
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
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Ingress on the shared real broker and database of {@link TestInfra}, with the Stripe
 * accounts of {@link StripeFixtures} in a merchants file written by the test. One Spring
 * context for every subclass.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "ingress.publish-timeout=1500ms")
abstract class StripeCallbackIntegrationSupport extends CallbackIntegrationBase {

    static final Path MERCHANTS_FILE = merchantsFile();

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    static final StripeEvents EVENTS = new StripeEvents(Clock.systemUTC());

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("ingress.merchants-file", MERCHANTS_FILE::toString);
    }

    /**
     * {@code pay_refund_raw} rows of an order: refund_no, channel_refund_id,
     * channel_trade_no, refund_state, amount, currency.
     */
    List<Map<String, Object>> refundRows(String outTradeNo) {
        return jdbc.sql("""
                SELECT refund_no, channel_refund_id, channel_trade_no, refund_state, refund_amount_minor, currency,
                       merchant_id, notify_id FROM pay_refund_raw WHERE out_trade_no = :out
                """).param("out", outTradeNo).query().listOfRows();
    }

    /**
     * {@code pay_notify_event} rows of a channel trade number (a PaymentIntent id):
     * state, out_trade_no, notify_id.
     */
    List<Map<String, Object>> eventRows(String channelTradeNo) {
        return jdbc.sql("""
                SELECT state, out_trade_no, notify_id, merchant_id, channel FROM pay_notify_event
                WHERE channel_trade_no = :tradeNo ORDER BY id
                """).param("tradeNo", channelTradeNo).query().listOfRows();
    }

    /** Every row the Stripe path may write for these accounts, in the three tables. */
    long rowsOf(String... accounts) {
        return jdbc.sql("""
                SELECT (SELECT COUNT(*) FROM pay_notify_raw WHERE merchant_id IN (:m))
                     + (SELECT COUNT(*) FROM pay_refund_raw WHERE merchant_id IN (:m))
                     + (SELECT COUNT(*) FROM pay_notify_event WHERE merchant_id IN (:m))
                """).param("m", List.of(accounts)).query(Long.class).single();
    }

    HttpResponse<String> post(SignedNotification n) throws IOException, InterruptedException {
        return post(n.body(), n.headers(), "application/json; charset=utf-8");
    }

    HttpResponse<String> post(byte[] body, Map<String, String> headers, String contentType)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/notify/stripe"))
            .timeout(Duration.ofSeconds(10))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach((name, value) -> {
            if (!name.equalsIgnoreCase("Content-Type")) {
                request.header(name, value);
            }
        });
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Stripe's fail ack: a non-2xx status, a short JSON error, nothing internal. */
    static void assertIsFailAck(HttpResponse<String> response) {
        assertThat(response.statusCode() / 100).isNotEqualTo(2);
        assertThat(response.headers().firstValue("Content-Type"))
            .hasValueSatisfying(ct -> assertThat(ct).startsWith("application/json"));
        var json = Json.MAPPER.readTree(response.body());
        assertThat(json.path("error").asString()).isNotBlank().hasSizeLessThan(64);
        assertThat(response.body()).doesNotContain("Exception").doesNotContain("at io.").doesNotContain("trace");
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static Path merchantsFile() {
        try {
            Path file = Files.createTempFile("ingress-stripe-merchants", ".yaml");
            file.toFile().deleteOnExit();
            new MerchantsFile(StripeFixtures.merchantsFileEntries()).write(file);
            return file;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
