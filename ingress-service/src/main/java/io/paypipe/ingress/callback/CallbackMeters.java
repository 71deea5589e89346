package io.paypipe.ingress.callback;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The operator's callback meters (docs/operations.md):
 * <ul>
 * <li>{@value #CALLBACKS}{@code {channel,merchant,outcome,reason}}, a counter:
 * {@code outcome} is {@code accepted} (stored and published, or logged),
 * {@code duplicate} (a delivery of a body already stored or in flight, answered with its
 * ack) or {@code rejected}, whose {@code reason} is the fail ack's
 * ({@code bad_signature}, {@code busy}, {@code storage_failed}, ...; {@code none}
 * otherwise). {@code merchant} is the verified merchant, {@value #UNKNOWN_MERCHANT} for a
 * callback refused before its merchant was verified: merchants come from the merchants
 * file, never from a request, so the tag's values are bounded.</li>
 * <li>{@value #ACK}{@code {channel}}, a timer with a percentile histogram and the service
 * level boundaries 1 s and 5 s (WeChat Pay's ack budget): the time from the controller to
 * the ack of every callback. Per channel only: per merchant it would multiply the
 * histogram's buckets by the merchants.</li>
 * </ul>
 */
final class CallbackMeters {

    /** The counter's name. */
    static final String CALLBACKS = "paypipe.callbacks";

    /** The ack timer's name. */
    static final String ACK = "paypipe.callbacks.ack";

    /** The merchant tag of a callback refused before its merchant was verified. */
    static final String UNKNOWN_MERCHANT = "unknown";

    private static final Set<String> ACCEPTED = Set.of("published", "state_changed", "logged");

    private static final Set<String> DUPLICATE = Set.of("published_again", "already_settled",
            CallbackTally.IN_FLIGHT_DUPLICATE);

    private record Key(String channel, String merchant, String outcome) {
    }

    private final MeterRegistry registry;

    private final Map<Key, Counter> counters = new ConcurrentHashMap<>();

    private final Map<String, Timer> acks = new ConcurrentHashMap<>();

    CallbackMeters(MeterRegistry registry) {
        this.registry = registry;
    }

    /**
     * One callback of {@code channel} for {@code merchant}, ended in {@code outcome}
     * after {@code nanos}.
     */
    void record(String channel, String merchant, String outcome, long nanos) {
        counters.computeIfAbsent(new Key(channel, merchant, outcome), this::counter).increment();
        acks.computeIfAbsent(channel, this::ack).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** The {@code outcome} tag of a tally outcome: accepted, duplicate or rejected. */
    static String outcome(String tallied) {
        return ACCEPTED.contains(tallied) ? "accepted" : DUPLICATE.contains(tallied) ? "duplicate" : "rejected";
    }

    private Counter counter(Key key) {
        String outcome = outcome(key.outcome());
        return Counter.builder(CALLBACKS)
            .description("callbacks answered, by channel, merchant, outcome and the reason of a rejection")
            .tag("channel", key.channel())
            .tag("merchant", key.merchant())
            .tag("outcome", outcome)
            .tag("reason", outcome.equals("rejected") ? key.outcome() : "none")
            .register(registry);
    }

    private Timer ack(String channel) {
        return Timer.builder(ACK)
            .description("time from the callback controller to the ack, against the channels' 5 s budget")
            .tag("channel", channel)
            .publishPercentileHistogram()
            .serviceLevelObjectives(Duration.ofSeconds(1), Duration.ofSeconds(5))
            .minimumExpectedValue(Duration.ofMillis(1))
            .maximumExpectedValue(Duration.ofSeconds(30))
            .register(registry);
    }

}
