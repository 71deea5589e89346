package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.callback.CallbackAdmission;
import io.paypipe.ingress.callback.CallbackBulkhead;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.support.testing.Scrape;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The callback path under pressure: a saturated bulkhead, a full admission, a broker that
 * is down.
 */
class CallbackResilienceIntegrationTest extends CallbackIntegrationSupport {

    private static final String[] BUSY = { "channel", "wechatpay", "merchant", "unknown", "outcome", "rejected",
            "reason", "busy" };

    @Autowired
    CallbackBulkhead bulkhead;

    @Autowired
    CallbackAdmission admission;

    @Autowired
    IngressProperties properties;

    @Test
    void aSaturatedBulkheadFailsAfterTheShortBulkheadWaitWhileHealthStillAnswers() throws Exception {
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 1, 1).json(), Instant.now());
        int taken = 0;
        try {
            // as many slow callbacks in flight as the limit allows
            while (bulkhead.tryAcquire()) {
                taken++;
            }
            long started = System.nanoTime();
            HttpResponse<String> busy = post(n);
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            assertThat(busy.statusCode()).isEqualTo(429);
            assertIsFailAck(busy);
            // it waited out ingress.bulkhead-wait (1 s), and no longer than that by much
            assertThat(took).isBetween(properties.bulkheadWait(), properties.bulkheadWait().plusSeconds(2));
            HttpResponse<String> health = get("/actuator/health");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"UP\"");
            assertThat(rawRows(out)).isEmpty();
        }
        finally {
            for (int i = 0; i < taken; i++) {
                bulkhead.release();
            }
        }
        assertThat(taken).isEqualTo(bulkhead.limit());
        assertThat(post(n).statusCode()).isEqualTo(204);
    }

    @Test
    void aFullAdmissionRefusesCallbacksBeforeTheirChecksAndAdmitsThemAgainOnceThereIsRoom() throws Exception {
        // Given as many callbacks in progress as ingress.max-callbacks-in-progress allows
        openToItsCap();
        String out = newOutTradeNo();
        SignedNotification genuine = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 1, 1).json(), Instant.now());
        SignedNotification tampered = genuine
            .withBody(genuine.bodyText().replace("TRANSACTION.SUCCESS", "TRANSACTION.SUCCESs").getBytes(UTF_8));
        Scrape before = Scrape.of(uri("").toString());
        List<CallbackAdmission.Place> taken;
        HttpResponse<String> genuineWhileFull;
        HttpResponse<String> tamperedWhileFull;
        try (AdmissionTaken full = AdmissionTaken.all(admission)) {
            taken = full.places();

            // When a genuine and a tampered callback arrive
            genuineWhileFull = post(genuine);
            tamperedWhileFull = post(tampered);
        }

        // Then both get the busy fail ack: the tampered one's bad signature was never
        // checked (it would be 401), and nothing of the genuine one was stored
        assertThat(taken).hasSize(admission.limit());
        assertThat(genuineWhileFull.statusCode()).isEqualTo(429);
        assertIsFailAck(genuineWhileFull);
        assertThat(tamperedWhileFull.statusCode()).isEqualTo(429);
        assertThat(rawRows(out)).isEmpty();
        // and both were counted busy (the meter of the PaypipeCallbacksFailing alert)
        assertThat(Scrape.of(uri("").toString()).valueOrZero("paypipe_callbacks_total", BUSY))
            .isEqualTo(before.valueOrZero("paypipe_callbacks_total", BUSY) + 2);
        // and once there is room again, the same two are checked and answered as usual
        assertThat(admission.inProgress()).isZero();
        assertThat(post(tampered).statusCode()).isEqualTo(401);
        assertThat(post(genuine).statusCode()).isEqualTo(204);
        assertThat(rawRows(out)).hasSize(1);
    }

    @Test
    void aStandingQueueClosesTheAdmissionToTheBulkheadsPermitsAndAGapWithoutAnswersOpensItAgain() throws Exception {
        // Given 150 callbacks in progress that went on to the bulkhead, fewer than
        // ingress.max-callbacks-in-progress, of which 50 are answered after 700 ms and
        // one more after 1,250 ms, so that every answer of an interval as long as
        // ingress.admission-latency (500 ms) took longer than it: a queue stood, and the
        // admission halved to the bulkhead's 64 permits
        openToItsCap();
        String out = newOutTradeNo();
        SignedNotification genuine = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 1, 1).json(), Instant.now());
        Scrape before = Scrape.of(uri("").toString());
        HttpResponse<String> whileSlow;
        try (AdmissionTaken slow = AdmissionTaken.timed(admission, 150)) {
            List<CallbackAdmission.Place> taken = slow.places();
            long entered = System.nanoTime();
            awaitSince(entered, Duration.ofMillis(700));
            taken.subList(0, 50).forEach(CallbackAdmission.Place::close);
            awaitSince(entered, Duration.ofMillis(1250));
            taken.get(50).close();
            assertThat(admission.fastestAnswer()).isGreaterThan(Duration.ofMillis(500));
            assertThat(admission.openTo()).isEqualTo(64);

            // When a genuine callback arrives with 99 in progress, more than the 64
            // permits
            whileSlow = post(genuine);
        }

        // Then it gets the busy fail ack, nothing was stored, and it was counted busy
        assertThat(whileSlow.statusCode()).isEqualTo(429);
        assertIsFailAck(whileSlow);
        assertThat(rawRows(out)).isEmpty();
        assertThat(Scrape.of(uri("").toString()).valueOrZero("paypipe_callbacks_total", BUSY))
            .isEqualTo(before.valueOrZero("paypipe_callbacks_total", BUSY) + 1);
        // and after two intervals without an answer no queue stands: it is stored as
        // usual, and the admission is open to its cap again for the other tests of this
        // context
        awaitSince(System.nanoTime(), Duration.ofMillis(1100));
        assertThat(post(genuine).statusCode()).isEqualTo(204);
        assertThat(rawRows(out)).hasSize(1);
        assertThat(admission.openTo()).isEqualTo(admission.limit());
    }

    @Test
    void whenTheBrokerIsDownTheRowStaysUnsettledAndTheRepushPublishesIt() throws Exception {
        String out = newOutTradeNo();
        String payment = PaymentJson.success("1900000100", out, newTransactionId(), 1200, 1200).json();
        var broker = TestInfra.get().broker();
        HttpResponse<String> whileDown;
        Duration took;
        broker.stop();
        try {
            long started = System.nanoTime();
            whileDown = post(SignedNotification.of(SHOP_A, payment, Instant.now()));
            took = Duration.ofNanos(System.nanoTime() - started);
        }
        finally {
            broker.restart();
        }

        assertThat(whileDown.statusCode()).isEqualTo(503);
        assertIsFailAck(whileDown);
        assertThat(took).isLessThan(Duration.ofSeconds(5));
        assertThat(singleRawRow(out).handled()).isZero();

        // WeChat pushes again once the broker is back: same row, published now
        await().atMost(Duration.ofSeconds(30))
            .until(() -> post(SignedNotification.of(SHOP_A, payment, Instant.now())).statusCode() == 204);
        long rawId = singleRawRow(out).id();
        assertThat(payments.recordsFor("shop-a|1900000100|" + out)).isNotEmpty()
            .allSatisfy(r -> assertThat(r.value().rawId()).isEqualTo(rawId));
    }

    /**
     * Brings the admission to its cap as ingress does after an idle gap: no answer for
     * two intervals, then one. Another test of this context (slow answers with the broker
     * down, or any test on a slow machine) may have left it open to fewer.
     */
    private void openToItsCap() {
        awaitSince(System.nanoTime(), Duration.ofMillis(1100));
        CallbackAdmission.Place place = admission.tryEnter().orElseThrow();
        place.timed();
        place.close();
        assertThat(admission.openTo()).isEqualTo(admission.limit());
    }

    private static void awaitSince(long startNanos, Duration elapsed) {
        await().pollDelay(Duration.ofMillis(10))
            .atMost(elapsed.plusSeconds(5))
            .until(() -> System.nanoTime() - startNanos > elapsed.toNanos());
    }

}
