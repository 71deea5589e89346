package io.paypipe.processor.replay;

import io.paypipe.processor.console.ConsoleProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * At most {@code processor.console.replays-per-minute} console replay actions per
 * signed-in account in any sliding minute, on this processor instance (several instances
 * each count their own). A dry run is not counted.
 */
@Component
class ReplayRateLimit {

    private static final Duration WINDOW = Duration.ofMinutes(1);

    private final int perMinute;

    private final Clock clock;

    private final Map<String, Deque<Instant>> taken = new ConcurrentHashMap<>();

    ReplayRateLimit(ConsoleProperties properties, Clock clock) {
        this.perMinute = properties.replaysPerMinute();
        this.clock = clock;
    }

    /**
     * Takes one replay for {@code user}: empty when allowed, else how long until the next
     * one is.
     */
    Optional<Duration> take(String user) {
        Instant now = clock.instant();
        Deque<Instant> times = taken.computeIfAbsent(user, (u) -> new ArrayDeque<>());
        synchronized (times) {
            while (!times.isEmpty() && !times.peekFirst().isAfter(now.minus(WINDOW))) {
                times.pollFirst();
            }
            if (times.size() >= perMinute) {
                return Optional.of(Duration.between(now, times.peekFirst().plus(WINDOW)));
            }
            times.addLast(now);
            return Optional.empty();
        }
    }

    int perMinute() {
        return perMinute;
    }

}
