package io.paypipe.ingress.wechatpay;

import io.paypipe.support.testing.TestAccounts;
import io.paypipe.ingress.callback.CallbackIntegrationBase;
import static io.paypipe.ingress.wechatpay.Fixtures.OTHER_PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.PROVIDER;
import static io.paypipe.ingress.wechatpay.Fixtures.SANDBOX_SHOP;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.callback.CallbackAdmission;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
 * Ingress on the shared real broker and database of {@link TestInfra}, with merchants A,
 * B, two service providers and a merchant of the channel sandbox in a merchants file
 * written by the test. One Spring context for every subclass.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "ingress.publish-timeout=1500ms")
abstract class CallbackIntegrationSupport extends CallbackIntegrationBase {

    static final Path MERCHANTS_FILE = merchantsFile();

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("ingress.merchants-file", MERCHANTS_FILE::toString);
    }

    /**
     * One row of {@code pay_refund_raw}, every column ingress writes; the amounts are
     * null when the notice did not say them.
     */
    record RefundRow(long id, String tenantId, String merchantId, String spMerchantId, String channel, String refundNo,
            String refundKey, String channelRefundId, String channelTradeNo, String outTradeNo, String notifyId,
            String refundState, Long refundAmount, Long refundedTotal, String currency, int handled, String rawBody) {
    }

    List<RefundRow> refundRows(String outTradeNo) {
        return jdbc.sql("""
                SELECT id, tenant_id, merchant_id, sp_merchant_id, channel, refund_no, refund_key, channel_refund_id,
                       channel_trade_no, out_trade_no, notify_id, refund_state, refund_amount_minor,
                       refunded_total_minor, currency, handled, raw_body
                FROM pay_refund_raw WHERE out_trade_no = :out ORDER BY id
                """)
            .param("out", outTradeNo)
            .query((rs, i) -> new RefundRow(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4),
                    rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8), rs.getString(9),
                    rs.getString(10), rs.getString(11), rs.getString(12), rs.getObject(13, Long.class),
                    rs.getObject(14, Long.class), rs.getString(15), rs.getInt(16), rs.getString(17)))
            .list();
    }

    /** One row of {@code pay_notify_event}. */
    record EventRow(String tenantId, String merchantId, String channel, String outTradeNo, String channelTradeNo,
            String notifyId, String state, String rawBody) {
    }

    List<EventRow> eventRows(String outTradeNo) {
        return jdbc.sql("""
                SELECT tenant_id, merchant_id, channel, out_trade_no, channel_trade_no, notify_id, state, raw_body
                FROM pay_notify_event WHERE out_trade_no = :out ORDER BY id
                """)
            .param("out", outTradeNo)
            .query((rs, i) -> new EventRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                    rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8)))
            .list();
    }

    /**
     * Rows in the three tables ingress writes: pay_notify_raw, pay_refund_raw,
     * pay_notify_event.
     */
    record StoredRows(long raw, long refunds, long events) {
    }

    StoredRows storedRows() {
        return new StoredRows(count("pay_notify_raw"), count("pay_refund_raw"), count("pay_notify_event"));
    }

    private long count(String table) {
        return jdbc.sql("SELECT COUNT(*) FROM " + table).query(Long.class).single();
    }

    HttpResponse<String> post(SignedNotification n) throws IOException, InterruptedException {
        return post(n, "application/json");
    }

    HttpResponse<String> post(SignedNotification n, String contentType) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/notify/wechatpay"))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
        n.headers().forEach((name, values) -> values.forEach(v -> request.header(name, v)));
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * WeChat's fail ack: JSON {@code {"code":"FAIL","message":"..."}}, short, nothing
     * internal.
     */
    static void assertIsFailAck(HttpResponse<String> response) {
        assertThat(response.headers().firstValue("Content-Type"))
            .hasValueSatisfying(ct -> assertThat(ct).startsWith("application/json"));
        var json = Json.MAPPER.readTree(response.body());
        assertThat(json.path("code").asString()).isEqualTo("FAIL");
        assertThat(json.path("message").asString()).isNotBlank().hasSizeLessThan(64);
        assertThat(response.body()).doesNotContain("Exception").doesNotContain("at io.").doesNotContain("trace");
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static Path merchantsFile() {
        try {
            Path file = Files.createTempFile("ingress-merchants", ".yaml");
            file.toFile().deleteOnExit();
            new MerchantsFile(List.of(SHOP_A.toMerchant(), SHOP_B.toMerchant(), PROVIDER.toMerchant(),
                    OTHER_PROVIDER.toMerchant(), SANDBOX_SHOP.merchant()))
                .write(file);
            return file;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Places of the admission, held until closed (closing a place twice does nothing).
     * While {@link #all every place} is held, ingress refuses each callback as busy
     * before its checks.
     */
    record AdmissionTaken(List<CallbackAdmission.Place> places) implements AutoCloseable {

        static AdmissionTaken all(CallbackAdmission admission) {
            List<CallbackAdmission.Place> places = new ArrayList<>();
            for (var place = admission.tryEnter(); place.isPresent(); place = admission.tryEnter()) {
                places.add(place.get());
            }
            return new AdmissionTaken(places);
        }

        /**
         * {@code count} places, each marked {@link CallbackAdmission.Place#timed() timed}
         * (gone on to the bulkhead, its answer measured); fails if there are fewer.
         */
        static AdmissionTaken timed(CallbackAdmission admission, int count) {
            AdmissionTaken taken = new AdmissionTaken(new ArrayList<>(count));
            try {
                for (int i = 0; i < count; i++) {
                    CallbackAdmission.Place place = admission.tryEnter().orElseThrow();
                    place.timed();
                    taken.places().add(place);
                }
                return taken;
            }
            catch (RuntimeException e) {
                taken.close();
                throw e;
            }
        }

        @Override
        public void close() {
            places.forEach(CallbackAdmission.Place::close);
        }

    }

}
