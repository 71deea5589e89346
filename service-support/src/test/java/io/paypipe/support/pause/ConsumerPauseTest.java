package io.paypipe.support.pause;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/**
 * The bookkeeping of a pause, without containers (the integration tests of the processor
 * and of the reference consumers pause real ones): the gauge, the overdue alarm once per
 * pause, never after the resume, a second pause that keeps the first one's time.
 */
class ConsumerPauseTest {

    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    private final List<ConsumerPause.Paused> overdue = new CopyOnWriteArrayList<>();

    private ConsumerPause pause;

    @AfterEach
    void close() {
        pause.close();
    }

    @Test
    void givenAPauseWhenItLastsLongerThanAlertAfterThenOverdueIsCalledOnceWithWhoAndWhy() {
        pause = pauseAlertingAfter(Duration.ofMillis(200));

        pause.pause("alice", "stage test", Duration.ZERO);

        assertThat(gauge()).isEqualTo(1.0);
        await().atMost(Duration.ofSeconds(5)).until(() -> overdue.size() == 1);
        await().during(Duration.ofMillis(500)).until(() -> overdue.size() == 1);
        assertThat(overdue.getFirst().by()).isEqualTo("alice");
        assertThat(overdue.getFirst().reason()).isEqualTo("stage test");
        assertThat(overdue.getFirst().service()).isEqualTo("test");
    }

    @Test
    void givenAPauseWhenResumedBeforeAlertAfterThenNoOverdueAndTheGaugeIsZero() {
        pause = pauseAlertingAfter(Duration.ofMillis(300));
        pause.pause("alice", "short", Duration.ZERO);

        pause.resume("alice", "done", Duration.ZERO);

        assertThat(gauge()).isZero();
        assertThat(pause.current()).isNull();
        await().during(Duration.ofMillis(700)).until(overdue::isEmpty);
    }

    @Test
    void givenAPauseWhenPausedAgainThenTheFirstPauseIsKept() {
        pause = pauseAlertingAfter(Duration.ofMinutes(5));
        pause.pause("alice", "first", Duration.ZERO);
        ConsumerPause.Paused first = pause.current();

        pause.pause("bob", "second", Duration.ZERO);

        assertThat(pause.current()).isEqualTo(first);
        assertThat(gauge()).isEqualTo(1.0);
    }

    @Test
    void givenNoPauseWhenResumedThenNothingChanges() {
        pause = pauseAlertingAfter(Duration.ofMinutes(5));

        ConsumersView view = pause.resume("alice", "nothing to resume", Duration.ZERO);

        assertThat(view.paused()).isFalse();
        assertThat(view.noneReportsPaused()).isTrue();
        assertThat(gauge()).isZero();
    }

    @Test
    void givenAZeroAlertAfterWhenCreatedThenItIsRefused() {
        pause = pauseAlertingAfter(Duration.ofMinutes(5));

        assertThatThrownBy(() -> new ConsumerPause("test", new KafkaListenerEndpointRegistry(), t -> true,
                Duration.ZERO, (p, a) -> {
                }, new SimpleMeterRegistry(), Clock.systemUTC()))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("pause-alert-after");
    }

    private ConsumerPause pauseAlertingAfter(Duration after) {
        return new ConsumerPause("test", new KafkaListenerEndpointRegistry(), topics -> true, after,
                (p, a) -> overdue.add(p), meters, Clock.systemUTC());
    }

    private double gauge() {
        return meters.get("paypipe.consumers.paused").tag("service", "test").gauge().value();
    }

}
