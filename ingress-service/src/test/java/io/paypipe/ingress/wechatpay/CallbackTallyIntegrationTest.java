package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.paypipe.ingress.callback.CallbackTally;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Ingress's own callback metric, {@code paypipe.ingress.callbacks{channel,outcome}}, on a
 * real broker and database, and no per-request observation of Spring's in its place.
 */
class CallbackTallyIntegrationTest extends CallbackIntegrationSupport {

    @Autowired
    MeterRegistry registry;

    @Test
    void givenAGenuineAndATamperedNotification_whenBothArePosted_thenEachIsCountedAndTimedUnderItsOutcome()
            throws Exception {
        // Given a genuine WeChat payment notification and the same one with a changed
        // body
        SignedNotification genuine = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", newOutTradeNo(), newTransactionId(), 500, 500).json(), Instant.now());
        SignedNotification tampered = genuine.withBody(genuine.bodyText()
            .replace("TRANSACTION.SUCCESS", "TRANSACTION.SUCCESs")
            .getBytes(StandardCharsets.UTF_8));
        long published = count("published");
        long badSignature = count("bad_signature");
        double publishedSeconds = seconds("published");

        // When both are posted
        assertThat(post(genuine).statusCode()).isEqualTo(204);
        assertThat(post(tampered).statusCode()).isEqualTo(401);

        // Then each is counted once under wechatpay and its outcome, and the published
        // one
        // took some time
        assertThat(count("published")).isEqualTo(published + 1);
        assertThat(count("bad_signature")).isEqualTo(badSignature + 1);
        assertThat(seconds("published")).isGreaterThan(publishedSeconds);
    }

    @Test
    void givenCallbacksWereAnswered_whenTheMetersAreListed_thenSpringsPerRequestObservationIsNotAmongThem()
            throws Exception {
        // Given a callback was answered
        assertThat(post(SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", newOutTradeNo(), newTransactionId(), 300, 300).json(), Instant.now()))
            .statusCode()).isEqualTo(204);

        // Then ingress's own timer has it, and there is no http.server.requests meter
        assertThat(registry.find(CallbackTally.METER).timers()).isNotEmpty();
        assertThat(registry.find("http.server.requests").meters()).isEmpty();
    }

    private long count(String outcome) {
        Timer timer = timer(outcome);
        return timer == null ? 0 : timer.count();
    }

    private double seconds(String outcome) {
        Timer timer = timer(outcome);
        return timer == null ? 0 : timer.totalTime(TimeUnit.SECONDS);
    }

    private Timer timer(String outcome) {
        return registry.find(CallbackTally.METER).tag("channel", "wechatpay").tag("outcome", outcome).timer();
    }

}
