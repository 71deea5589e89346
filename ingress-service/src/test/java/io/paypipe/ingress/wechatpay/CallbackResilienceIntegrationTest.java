package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.callback.CallbackBulkhead;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The callback path under pressure: a saturated bulkhead, a broker that is down. */
class CallbackResilienceIntegrationTest extends CallbackIntegrationSupport {

    @Autowired
    CallbackBulkhead bulkhead;

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

            assertThat(busy.statusCode()).isEqualTo(503);
            assertIsFailAck(busy);
            assertThat(took).isLessThan(Duration.ofSeconds(2));
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

}
