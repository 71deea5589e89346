package io.paypipe.ingress.callback;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.paypipe.ingress.intake.IntakeOutcome;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.stereotype.Component;

/**
 * Every callback counted and timed by channel and outcome, the numbers Spring's
 * per-request observation ({@code http.server.requests}, switched off for ingress) gave,
 * for a fraction of its cost: the timer {@value #METER} with the tags {@code channel}
 * ({@code wechatpay}, {@code alipay}, {@code stripe}) and {@code outcome}, one cached
 * {@link Timer} per pair, created at its first use.
 * <p>
 * Outcomes: what became of a verified callback ({@code published},
 * {@code published_again} (a later delivery of an unsettled row), {@code state_changed}
 * (a settled row reported in another state, published again), {@code already_settled},
 * {@code logged} (the event log only)), or the {@link Rejection} of its fail ack in lower
 * case ({@code bad_signature}, {@code malformed}, {@code busy}, {@code storage_failed},
 * {@code publish_failed}, ...); {@code in_flight_duplicate} for a delivery answered with
 * the ack of the identical body being stored, {@code refused} for a request Spring
 * refused before the flow (a wrong content type or method) and {@code error} for an
 * unexpected failure. The time is from the controller's start (the body already read) to
 * the ack.
 * <p>
 * {@link CallbackSummary} logs the counts since its last line; they are kept here too,
 * not read back from the timers, whose counts a step-based registry resets.
 * <p>
 * The same callbacks feed the operator's meters ({@link CallbackMeters}):
 * {@code paypipe.callbacks{channel,merchant,outcome,reason}} and the ack latency
 * histogram {@code paypipe.callbacks.ack{channel}}.
 */
@Component
public class CallbackTally {

    /** The timer's name. */
    public static final String METER = "paypipe.ingress.callbacks";

    /** A verified callback whose body was being stored already, answered with its ack. */
    static final String IN_FLIGHT_DUPLICATE = "in_flight_duplicate";

    /** A request Spring refused before the callback flow, e.g. a wrong content type. */
    static final String REFUSED = "refused";

    /** An unexpected failure (a bug), answered with a 500 fail ack. */
    static final String ERROR = "error";

    /** One channel and outcome. */
    record Key(ChannelAck channel, String outcome) {

        /** The channel's tag value: {@code wechatpay}, {@code alipay}, {@code stripe}. */
        String channelTag() {
            return channel.name().toLowerCase(Locale.ROOT);
        }

    }

    private record Entry(Timer timer, LongAdder count) {
    }

    private final MeterRegistry registry;

    private final ConcurrentHashMap<Key, Entry> entries = new ConcurrentHashMap<>();

    private final CallbackMeters meters;

    CallbackTally(MeterRegistry registry) {
        this.registry = registry;
        this.meters = new CallbackMeters(registry);
    }

    /**
     * A callback of {@code channel} refused with {@code rejection}, before its merchant
     * was verified.
     */
    void rejected(ChannelAck channel, Rejection rejection, long startNanos) {
        record(channel, CallbackMeters.UNKNOWN_MERCHANT, name(rejection), startNanos);
    }

    /** A verified callback of {@code channel} that became {@code outcome}. */
    void stored(ChannelAck channel, IntakeOutcome outcome, long startNanos) {
        stored(channel, CallbackMeters.UNKNOWN_MERCHANT, outcome, startNanos);
    }

    /**
     * A verified callback of {@code channel} for {@code merchant} that became
     * {@code outcome}.
     */
    void stored(ChannelAck channel, String merchant, IntakeOutcome outcome, long startNanos) {
        record(channel, merchant, name(outcome), startNanos);
    }

    /** A callback of {@code channel} whose outcome is one of this class's constants. */
    void other(ChannelAck channel, String outcome, long startNanos) {
        other(channel, CallbackMeters.UNKNOWN_MERCHANT, outcome, startNanos);
    }

    /** As {@link #other(ChannelAck, String, long)}, for a verified {@code merchant}. */
    void other(ChannelAck channel, String merchant, String outcome, long startNanos) {
        record(channel, merchant, outcome, startNanos);
    }

    /**
     * How many callbacks of each channel and outcome since the start, in a stable order
     * (channel, then outcome); pairs never seen are absent.
     */
    Map<Key, Long> totals() {
        Map<Key, Long> totals = new LinkedHashMap<>();
        entries.entrySet()
            .stream()
            .sorted(Map.Entry
                .comparingByKey(Comparator.comparing((Key k) -> k.channel().ordinal()).thenComparing(Key::outcome)))
            .forEach(e -> totals.put(e.getKey(), e.getValue().count().sum()));
        return totals;
    }

    /** The outcome tag of {@code outcome}. */
    static String name(IntakeOutcome outcome) {
        return switch (outcome) {
            case IntakeOutcome.Published p -> p.duplicate() ? "published_again" : "published";
            case IntakeOutcome.StateChangedRepublished r -> "state_changed";
            case IntakeOutcome.AlreadySettled s -> "already_settled";
            case IntakeOutcome.Logged l -> "logged";
            case IntakeOutcome.StorageFailed s -> name(Rejection.STORAGE_FAILED);
            case IntakeOutcome.PublishFailed p -> name(Rejection.PUBLISH_FAILED);
        };
    }

    /** The outcome tag of {@code rejection}: its name in lower case. */
    static String name(Rejection rejection) {
        return rejection.name().toLowerCase(Locale.ROOT);
    }

    private void record(ChannelAck channel, String merchant, String outcome, long startNanos) {
        long nanos = System.nanoTime() - startNanos;
        Entry entry = entries.computeIfAbsent(new Key(channel, outcome), this::register);
        entry.count().increment();
        entry.timer().record(nanos, TimeUnit.NANOSECONDS);
        meters.record(channel.name().toLowerCase(Locale.ROOT), merchant, outcome, nanos);
    }

    private Entry register(Key key) {
        Timer timer = Timer.builder(METER)
            .description("callbacks answered, by channel and outcome; the time from the controller to the ack")
            .tag("channel", key.channelTag())
            .tag("outcome", key.outcome())
            .register(registry);
        return new Entry(timer, new LongAdder());
    }

}
