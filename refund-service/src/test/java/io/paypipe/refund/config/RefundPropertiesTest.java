package io.paypipe.refund.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RefundPropertiesTest {

    @Test
    void givenAFirstQueryNoLaterThanTheChannelCallTimeout_whenBound_thenTheStartIsRefused() {
        assertThatThrownBy(() -> new RefundProperties(Duration.ofSeconds(10), Path.of("m.yaml"), Duration.ZERO,
                Duration.ofSeconds(5), List.of(Duration.ofSeconds(10), Duration.ofMinutes(5)),
                List.of(Duration.ofSeconds(1)), List.of(Duration.ofSeconds(1)), List.of(Duration.ofSeconds(1)), 1, 1,
                (short) 1, Duration.ofMinutes(1), Duration.ofMinutes(10), (short) 1, 1, Duration.ofSeconds(30)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("refund.query-delays must start later than refund.channel-call-timeout");
    }

    @Test
    void givenAnEmptyLadder_whenBound_thenTheStartIsRefused() {
        assertThatThrownBy(() -> new RefundProperties(Duration.ofSeconds(10), Path.of("m.yaml"), Duration.ZERO,
                Duration.ofSeconds(5), List.of(), List.of(Duration.ofSeconds(1)), List.of(Duration.ofSeconds(1)),
                List.of(), 1, 1, (short) 1, Duration.ofMinutes(1), Duration.ofMinutes(10), (short) 1, 1,
                Duration.ofSeconds(30)))
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givenNoRetryConsumer_whenBound_thenTheStartIsRefused() {
        assertThatThrownBy(() -> new RefundProperties(Duration.ofSeconds(10), Path.of("m.yaml"), Duration.ZERO,
                Duration.ofSeconds(5), List.of(Duration.ofMinutes(1)), List.of(Duration.ofSeconds(1)),
                List.of(Duration.ofSeconds(1)), List.of(Duration.ofSeconds(1)), 2, 1, (short) 1, Duration.ofMinutes(1),
                Duration.ofMinutes(10), (short) 1, 0, Duration.ofSeconds(30)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("refund.retry-concurrency must be at least 1");
    }

}
