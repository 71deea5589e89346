package io.paypipe.sandbox.query;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Faults armed on a channel's order API (scenario "the channel answers rate-limited, 5xx
 * or a timeout for a while"): each fails the next {@code calls} matching calls, or every
 * matching call for a {@code duration}. A call matches when it is of the armed channel,
 * of one of the armed operations (the query alone unless told) and, when the fault names
 * a merchant, names that merchant as its caller or as the order's merchant. The oldest
 * live fault that matches answers the call; used-up and expired faults are dropped.
 */
public final class QueryFaults {

    /**
     * One armed fault: the next {@code remaining} calls (null: no count), or until
     * {@code until} (null: no end in time).
     */
    public record Armed(long id, Channel channel, QueryFault fault, Set<Operation> operations, String merchantId,
            Integer remaining, Instant until) {
    }

    private final Clock clock;

    private final AtomicLong ids = new AtomicLong();

    private final List<Slot> slots = new CopyOnWriteArrayList<>();

    public QueryFaults(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The next {@code calls} queries of {@code channel}, whoever calls, fail with
     * {@code fault}.
     */
    public Armed failNext(Channel channel, QueryFault fault, int calls) {
        return failNext(channel, fault, calls, EnumSet.of(Operation.QUERY), null);
    }

    /**
     * The next {@code calls} calls of {@code operations} on {@code channel} fail with
     * {@code fault}; only those of {@code merchantId} (caller or order's merchant) unless
     * it is null.
     */
    public Armed failNext(Channel channel, QueryFault fault, int calls, Set<Operation> operations, String merchantId) {
        if (calls < 1) {
            throw new IllegalArgumentException("calls must be at least 1");
        }
        return arm(channel, fault, operations, merchantId, calls, null);
    }

    /**
     * Every query of {@code channel} fails with {@code fault} for {@code duration} from
     * now.
     */
    public Armed failFor(Channel channel, QueryFault fault, Duration duration) {
        return failFor(channel, fault, duration, EnumSet.of(Operation.QUERY), null);
    }

    /** Like {@link #failNext(Channel, QueryFault, int, Set, String)}, for a duration. */
    public Armed failFor(Channel channel, QueryFault fault, Duration duration, Set<Operation> operations,
            String merchantId) {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("the duration must be positive");
        }
        return arm(channel, fault, operations, merchantId, null, clock.instant().plus(duration));
    }

    /**
     * The fault that answers this call, if one is armed for it (a count-bound one is used
     * by one).
     */
    public Optional<QueryFault> take(Channel channel, Operation operation, String callerId, String merchantId) {
        Instant now = clock.instant();
        for (Slot slot : slots) {
            if (slot.expired(now)) {
                slots.remove(slot);
                continue;
            }
            if (slot.matches(channel, operation, callerId, merchantId) && slot.use()) {
                if (slot.usedUp()) {
                    slots.remove(slot);
                }
                return Optional.of(slot.fault);
            }
        }
        return Optional.empty();
    }

    /** The faults still armed on {@code channel}, oldest first. */
    public List<Armed> armed(Channel channel) {
        Instant now = clock.instant();
        return slots.stream()
            .filter(s -> s.channel == channel && !s.expired(now) && !s.usedUp())
            .map(Slot::view)
            .toList();
    }

    /** Disarms every fault of {@code channel}. */
    public void clear(Channel channel) {
        slots.removeIf(s -> s.channel == channel);
    }

    private Armed arm(Channel channel, QueryFault fault, Set<Operation> operations, String merchantId, Integer calls,
            Instant until) {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(fault, "fault");
        Set<Operation> ops = operations == null || operations.isEmpty() ? EnumSet.of(Operation.QUERY)
                : EnumSet.copyOf(operations);
        Slot slot = new Slot(ids.incrementAndGet(), channel, fault, ops, merchantId, calls, until);
        slots.add(slot);
        return slot.view();
    }

    private static final class Slot {

        private final long id;

        private final Channel channel;

        private final QueryFault fault;

        private final Set<Operation> operations;

        private final String merchantId;

        private final Instant until;

        private Integer remaining;

        Slot(long id, Channel channel, QueryFault fault, Set<Operation> operations, String merchantId,
                Integer remaining, Instant until) {
            this.id = id;
            this.channel = channel;
            this.fault = fault;
            this.operations = Set.copyOf(operations);
            this.merchantId = merchantId;
            this.remaining = remaining;
            this.until = until;
        }

        boolean matches(Channel c, Operation operation, String callerId, String orderMerchantId) {
            return c == channel && operations.contains(operation)
                    && (merchantId == null || merchantId.equals(callerId) || merchantId.equals(orderMerchantId));
        }

        boolean expired(Instant now) {
            return until != null && !now.isBefore(until);
        }

        synchronized boolean use() {
            if (remaining == null) {
                return true;
            }
            if (remaining <= 0) {
                return false;
            }
            remaining--;
            return true;
        }

        synchronized boolean usedUp() {
            return remaining != null && remaining <= 0;
        }

        synchronized Armed view() {
            return new Armed(id, channel, fault, operations, merchantId, remaining, until);
        }

    }

}
