package io.paypipe.sandbox.query;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * Every order query and close call the sandbox's channels received, with its answer, in
 * arrival order: what a test reads to assert a client's rate limit and back-off ("no
 * flood once the outage ends"). Kept for the sandbox's lifetime; read it per order, per
 * channel or since an instant.
 */
public final class ChannelCalls {

    private final Clock clock;

    private final AtomicLong sequence = new AtomicLong();

    private final ConcurrentLinkedQueue<ChannelCall> calls = new ConcurrentLinkedQueue<>();

    public ChannelCalls(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A call that arrived now; the recorded call. */
    public ChannelCall record(Channel channel, Operation operation, String callerId, String merchantId,
            String outTradeNo, String reference, int httpStatus, String answer) {
        ChannelCall call = new ChannelCall(sequence.incrementAndGet(), channel, operation, callerId, merchantId,
                outTradeNo, reference, clock.instant(), httpStatus, answer);
        calls.add(call);
        return call;
    }

    /** Every call, oldest first. */
    public List<ChannelCall> all() {
        return List.copyOf(calls);
    }

    /** The calls of {@code channel}, oldest first. */
    public List<ChannelCall> of(Channel channel) {
        return matching(c -> c.channel() == channel);
    }

    /** The calls about {@code order} (its merchant and number), oldest first. */
    public List<ChannelCall> of(OrderRef order) {
        return matching(c -> c.concerns(order));
    }

    /** The {@code operation} calls about {@code order}, oldest first. */
    public List<ChannelCall> of(OrderRef order, Operation operation) {
        return matching(c -> c.concerns(order) && c.operation() == operation);
    }

    /**
     * The calls of {@code channel} that arrived at or after {@code from}, oldest first.
     */
    public List<ChannelCall> since(Channel channel, Instant from) {
        return matching(c -> c.channel() == channel && !c.at().isBefore(from));
    }

    /** The calls that pass {@code filter}, oldest first. */
    public List<ChannelCall> matching(Predicate<ChannelCall> filter) {
        return calls.stream().filter(filter).toList();
    }

}
