package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.newOutTradeNo;
import static io.paypipe.ingress.alipay.AlipayFixtures.payment;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.CallbackBulkhead;
import io.paypipe.sandbox.alipay.AlipayNotification;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Alipay's endpoint behind the callback bulkhead shared by every channel. */
class AlipayCallbackResilienceIntegrationTest extends AlipayCallbackIntegrationSupport {

    @Autowired
    CallbackBulkhead bulkhead;

    @Test
    void aSaturatedBulkheadFailsAfterTheShortBulkheadWaitWhileHealthStillAnswers() throws Exception {
        // Given every callback permit taken (by WeChat, Stripe or Alipay callbacks: the
        // bulkhead is shared)
        String out = newOutTradeNo();
        AlipayNotification n = payment(out, 100);
        int taken = 0;
        try {
            while (bulkhead.tryAcquire()) {
                taken++;
            }

            // When Alipay delivers
            long started = System.nanoTime();
            HttpResponse<String> busy = post(n.body());
            Duration took = Duration.ofNanos(System.nanoTime() - started);

            // Then it gets "fail" within the short bulkhead wait, nothing is stored, and
            // health still answers
            assertThat(busy.statusCode()).isEqualTo(429);
            assertIsFailAck(busy);
            assertThat(took).isLessThan(Duration.ofSeconds(2));
            assertNothingStored(out);
            HttpResponse<String> health = get("/actuator/health");
            assertThat(health.statusCode()).isEqualTo(200);
            assertThat(health.body()).contains("\"UP\"");
        }
        finally {
            for (int i = 0; i < taken; i++) {
                bulkhead.release();
            }
        }
        assertThat(taken).isEqualTo(bulkhead.limit());

        // And Alipay's re-send goes through once a permit is free
        assertIsSuccessAck(post(n.body()));
        assertThat(rawRows(out)).hasSize(1);
    }

}
