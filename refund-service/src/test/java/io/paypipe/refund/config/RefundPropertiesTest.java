package io.paypipe.refund.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefundPropertiesTest {

    private static final List<Duration> LADDER = List.of(Duration.ofMinutes(1));

    @Test
    void givenAFirstQueryNoLaterThanTheChannelCallTimeout_whenBound_thenTheStartIsRefused() {
        assertThatThrownBy(() -> bind(List.of(Duration.ofSeconds(10), Duration.ofMinutes(5)), 1, Duration.ofHours(2)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("refund.query-delays must start later than refund.channel-call-timeout");
    }

    @Test
    void givenAnEmptyLadder_whenBound_thenTheStartIsRefused() {
        assertThatThrownBy(() -> bind(List.of(), 1, Duration.ofHours(2))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givenNoRetryConsumer_whenBound_thenTheStartIsRefused() {
        assertThatThrownBy(() -> bind(LADDER, 0, Duration.ofHours(2))).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("refund.retry-concurrency must be at least 1");
    }

    @Test
    void givenNoOverdueAge_whenBound_thenTheStartIsRefused() {
        assertThatThrownBy(() -> bind(LADDER, 1, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("refund.overdue-after must be positive");
    }

    @Test
    void givenValidSettings_whenBound_thenTheOverdueAgeIsKept() {
        assertThat(bind(LADDER, 1, Duration.ofMinutes(90)).overdueAfter()).isEqualTo(Duration.ofMinutes(90));
    }

    /**
     * Settings with a 10 s channel call, the query ladder {@code queryDelays}, one
     * consumer per listener and the given retry consumers and overdue age.
     */
    private static RefundProperties bind(List<Duration> queryDelays, int retryConcurrency, Duration overdueAfter) {
        return new RefundProperties(Duration.ofSeconds(10), Path.of("m.yaml"), Duration.ZERO, Duration.ofSeconds(5),
                queryDelays, List.of(Duration.ofSeconds(1)), List.of(Duration.ofSeconds(1)),
                List.of(Duration.ofSeconds(1)), 1, 1, (short) 1, Duration.ofMinutes(1), Duration.ofMinutes(10),
                (short) 1, retryConcurrency, Duration.ofSeconds(30), overdueAfter);
    }

}
