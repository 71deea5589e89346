package io.paypipe.ingress.unverified;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.ingress.callback.CallbackFlow;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.config.IngressPropertiesFixtures;
import io.paypipe.ingress.intake.Classified;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;

class UnverifiedCallbacksTest {

    private static final NamedOrder NAMED = new NamedOrder(Channel.ALIPAY, List.of(MerchantId.of("2021000100000000")),
            OutTradeNo.of("ALI1"));

    private final CountDownLatch release = new CountDownLatch(1);

    private final AtomicInteger lookups = new AtomicInteger();

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    /** An early query whose lookup hangs until the test releases it. */
    private final EarlyQuery hanging = new EarlyQuery(null, null, Clock.systemUTC(), properties(1)) {
        @Override
        List<Result> schedule(NamedOrder named) {
            lookups.incrementAndGet();
            try {
                release.await(10, TimeUnit.SECONDS);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return List.of(new Result.NoOrder());
        }
    };

    private final UnverifiedCallbacks unverified = new UnverifiedCallbacks(hanging, meters, properties(1));

    @AfterEach
    void releaseLookups() {
        release.countDown();
        unverified.destroy();
    }

    @Test
    void aBadSignatureIsAnsweredAtOnceWhileItsOrderIsLookedUpInTheBackground() {
        // Given a channel whose signature check fails
        CallbackFlow.ChannelCheck check = unverified.watching(Channel.ALIPAY, failing(Rejection.BAD_SIGNATURE),
                body -> Optional.of(NAMED));

        // When a callback arrives, while the lookup hangs
        long started = System.nanoTime();
        Check<Classified> checked = check.check(new HttpHeaders(), new byte[] { 1 });

        // Then the rejection comes back unchanged and at once, and the lookup runs
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
        assertThat(checked).isEqualTo(Check.reject(Rejection.BAD_SIGNATURE, "bad"));
        await().atMost(Duration.ofSeconds(5)).until(() -> lookups.get() == 1);
    }

    @Test
    void aRejectionForAnotherReasonLooksNothingUp() {
        CallbackFlow.ChannelCheck check = unverified.watching(Channel.ALIPAY, failing(Rejection.MALFORMED),
                body -> Optional.of(NAMED));

        check.check(new HttpHeaders(), new byte[] { 1 });
        release.countDown();

        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> lookups.get() == 0);
    }

    @Test
    void callbacksBeyondTheBacklogAreDroppedNotQueued() {
        // Given both threads busy with hanging lookups and a backlog of one taken
        CallbackFlow.ChannelCheck check = unverified.watching(Channel.ALIPAY, failing(Rejection.BAD_SIGNATURE),
                body -> Optional.of(NAMED));
        check.check(new HttpHeaders(), new byte[] { 1 });
        check.check(new HttpHeaders(), new byte[] { 2 });
        await().atMost(Duration.ofSeconds(5)).until(() -> lookups.get() == 2);
        check.check(new HttpHeaders(), new byte[] { 3 });

        // When one more arrives
        long started = System.nanoTime();
        check.check(new HttpHeaders(), new byte[] { 4 });

        // Then it is dropped at once and counted
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(500));
        assertThat(meters.counter("paypipe.unverified_callbacks", "channel", "alipay", "result", "dropped").count())
            .isEqualTo(1.0);
    }

    private static CallbackFlow.ChannelCheck failing(Rejection rejection) {
        return (headers, body) -> Check.reject(rejection, "bad");
    }

    private static IngressProperties properties(int backlog) {
        return IngressPropertiesFixtures.with(64, 1024, backlog);
    }

}
