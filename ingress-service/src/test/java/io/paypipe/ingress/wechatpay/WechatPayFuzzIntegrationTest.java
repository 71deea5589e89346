package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newRefundNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.topic.Json;
import io.paypipe.ingress.callback.CallbackFuzzer;
import io.paypipe.ingress.callback.FuzzFailures;
import io.paypipe.ingress.callback.FuzzRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Ten thousand generated deliveries to {@code POST /notify/wechatpay}, mutated from a
 * valid payment and a valid refund notification, against the real broker and database in
 * one Spring context. A success is allowed only for a delivery the oracle shows genuine
 * on its own ({@link WechatPayGenuineDelivery}); failing mutants are written under
 * {@code target/fuzz-failures/wechatpay-<seed>/}; {@code -Dpaypipe.fuzz.seed=N} repeats a
 * run.
 */
class WechatPayFuzzIntegrationTest extends CallbackIntegrationSupport {

    private static final int CASES = 10_000;

    private static final long MAX_BODY_BYTES = 64 * 1024;

    private static final WechatPayGenuineDelivery GENUINE = new WechatPayGenuineDelivery(SHOP_A.keyId(),
            SHOP_A.platformKeys().getPublic(), Duration.ofMinutes(5));

    @Test
    void mutatedDeliveriesAreRefusedCleanlyStoreNothingAndTheServiceStillAnswers() throws Exception {
        // Given a valid payment and a valid refund of merchant A, both delivered once and
        // settled,
        // so that an unchanged copy is a harmless duplicate
        String paid = newOutTradeNo();
        SignedNotification payment = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", paid, newTransactionId(), 100, 100).json(), Instant.now());
        SignedNotification refund = SignedNotification.refund(SHOP_A,
                RefundJson.success("1900000100", paid, newTransactionId(), newRefundNo(), 100, 100), Instant.now());
        // (the first publish of a JVM may miss the 1.5 s publish timeout: WeChat would
        // push again, so does the test)
        await().atMost(Duration.ofSeconds(30)).until(() -> post(payment).statusCode() == 204);
        await().atMost(Duration.ofSeconds(30)).until(() -> post(refund).statusCode() == 204);
        jdbc.sql("UPDATE pay_notify_raw SET handled = 1 WHERE out_trade_no = :o").param("o", paid).update();
        jdbc.sql("UPDATE pay_refund_raw SET handled = 1 WHERE out_trade_no = :o").param("o", paid).update();
        List<FuzzRequest> valid = List.of(request(payment), request(refund));
        StoredRows before = storedRows();
        CallbackFuzzer fuzzer = new CallbackFuzzer(CallbackFuzzer.newSeed(getClass().getSimpleName()),
                CallbackFuzzer.BodyFormat.JSON, MAX_BODY_BYTES)
            .resigning(WechatPayFuzzIntegrationTest::signedByA, 20);
        FuzzFailures failures = new FuzzFailures("wechatpay", fuzzer.seed(), "/notify/wechatpay", port, MERCHANTS_FILE);

        // When ten thousand mutants are sent, four at a time
        CallbackFuzzer.Report report;
        try (HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build()) {
            report = fuzzer.run(CASES, fuzzer.mutating(valid), 4,
                    FuzzRequest.http(http, URI.create("http://127.0.0.1:" + port + "/notify/wechatpay")),
                    WechatPayFuzzIntegrationTest::wechatRules, failures);
        }
        System.out.println("fuzz report: seed " + report.seed() + ", " + report.sent() + " cases in "
                + report.took().toMillis() + " ms, statuses " + report.statuses());

        // Then no response broke the rules, nothing was stored, and a valid notification
        // still goes through
        report.assertNoFindings();
        assertThat(report.sent()).isEqualTo(CASES);
        assertThat(storedRows()).isEqualTo(before);
        String after = newOutTradeNo();
        assertThat(post(SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", after, newTransactionId(), 100, 100).json(), Instant.now()))
            .statusCode()).isEqualTo(204);
        assertThat(rawRows(after)).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = { "\"uKb/ClQF9%", "\"application/json\"" })
    void aContentTypeSpringCannotParseGets415AndTheFailAckNotA500(String contentType) throws Exception {
        // Given a valid notification sent with a Content-Type that starts with a quote
        // (seed 54022509103098, case 1815)
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 100, 100).json(), Instant.now());

        // When
        var response = post(n, contentType);

        // Then it is refused like any unusable content type, and nothing is stored
        assertThat(response.statusCode()).isEqualTo(415);
        assertIsFailAck(response);
        assertThat(rawRows(out)).isEmpty();
    }

    /**
     * WeChat's rules: a success only for a genuine delivery, judged independently over
     * what was sent (a mutant of the headers alone, e.g. another timestamp, nonce or
     * serial, too; a re-signed one may still be a valid notification, which can only be a
     * duplicate: the row counts tell), and every refusal is WeChat's fail ack with a 4xx:
     * nothing in a mutant may make ingress fail internally.
     */
    private static Optional<String> wechatRules(CallbackFuzzer.Mutant mutant, FuzzRequest.Response response) {
        int status = response.status();
        if (status >= 200 && status < 300) {
            return GENUINE.whyNotGenuine(mutant.request(), Instant.now())
                .map(why -> "accepted a delivery that is not genuine: " + why);
        }
        if (status < 400 || status >= 500) {
            return Optional.of("status " + status + " is not a 4xx refusal");
        }
        if (!response.contentType().startsWith("application/json")) {
            return Optional.of("fail ack with content type '" + response.contentType() + "'");
        }
        var ack = Json.MAPPER.readTree(response.body());
        if (!"FAIL".equals(ack.path("code").asString()) || ack.path("message").asString().isBlank()) {
            return Optional.of("not WeChat's fail ack: " + response.body());
        }
        return Optional.empty();
    }

    /** The mutant's bytes signed by A's platform key, as if WeChat had sent them. */
    private static FuzzRequest signedByA(FuzzRequest mutant) {
        SignedNotification n = SignedNotification.signed(mutant.body(), SHOP_A.platformKeys().getPrivate(),
                SHOP_A.keyId(), Instant.now());
        return mutant.withHeaders(Map.of("Wechatpay-Timestamp", n.timestamp(), "Wechatpay-Nonce", n.nonce(),
                "Wechatpay-Serial", n.serial(), "Wechatpay-Signature", n.signature()));
    }

    private static FuzzRequest request(SignedNotification n) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        headers.put("Content-Type", List.of("application/json"));
        headers.put("Request-ID", List.of("08F78BB5AF0D8D1F4E2D6F6F7C6A1B2C"));
        n.headers().forEach(headers::put);
        return FuzzRequest.of(n.body(), headers);
    }

}
