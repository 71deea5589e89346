package io.paypipe.ingress.config;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.util.unit.DataSize;

/**
 * {@link IngressProperties} for unit tests: the defaults but for an unused merchants file
 * read at start only, and what a test varies.
 */
public final class IngressPropertiesFixtures {

    private IngressPropertiesFixtures() {
    }

    /** The bulkhead, admission and backlog at their defaults. */
    public static IngressProperties defaults() {
        return with(64, 1024, 64);
    }

    /**
     * As {@link #defaults()}, but {@code bulkhead} permits, {@code inProgress} callbacks
     * admitted at once and an unverified-query backlog of {@code unverifiedBacklog}.
     */
    public static IngressProperties with(int bulkhead, int inProgress, int unverifiedBacklog) {
        return with(bulkhead, inProgress, Duration.ofMillis(500), unverifiedBacklog);
    }

    /**
     * As {@link #with(int, int, int)}, with answers slower than {@code admissionLatency}
     * on average making the admission refuse beyond the bulkhead's permits.
     */
    public static IngressProperties with(int bulkhead, int inProgress, Duration admissionLatency,
            int unverifiedBacklog) {
        return new IngressProperties(DataSize.ofKilobytes(64), Duration.ofMinutes(5), Path.of("unused.yaml"),
                Duration.ZERO, Duration.ofSeconds(3), bulkhead, Duration.ofSeconds(300), Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                new IngressProperties.UnverifiedQuery(true, 1, Duration.ofMinutes(5), 10, Duration.ofMinutes(1),
                        Duration.ofHours(2), Duration.ofSeconds(2), unverifiedBacklog),
                Duration.ofMinutes(1), 6, (short) 1, (short) 1, new IngressProperties.RawInserts(4, 16), inProgress,
                admissionLatency);
    }

}
