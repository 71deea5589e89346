package io.paypipe.ingress.unverified;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.TimeMeter;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.ingress.config.IngressProperties.UnverifiedQuery;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How many early queries unverified callbacks may schedule: Bucket4j token buckets,
 * {@code per-order} per {@code order-period} for one order (refilled all at once at the
 * end of the period) and {@code per-merchant} per {@code merchant-period} for one
 * merchant's orders (refilled gradually). A query takes a token from both; refused by its
 * merchant, it gives the order's token back. Only stored pending orders of known
 * merchants get here, so the maps are bounded by them; a full order bucket holds nothing
 * worth keeping and is dropped when the map grows past {@link #MAX_ORDERS}, and past that
 * even after the drop, new orders are refused.
 */
final class QueryLimits {

    /** What a query's tokens came to. */
    enum Verdict {

        ALLOWED, ORDER_LIMITED, MERCHANT_LIMITED

    }

    /** One merchant's order number: what a callback names before the order is read. */
    record OrderRef(MerchantId merchant, OutTradeNo outTradeNo) {
    }

    static final int MAX_ORDERS = 10_000;

    private final UnverifiedQuery limits;

    private final TimeMeter time;

    private final ConcurrentHashMap<OrderRef, Bucket> orders = new ConcurrentHashMap<>();

    private final ConcurrentHashMap<MerchantId, Bucket> merchants = new ConcurrentHashMap<>();

    QueryLimits(UnverifiedQuery limits, Clock clock) {
        this.limits = limits;
        this.time = new ClockTime(clock);
    }

    /** True while {@code order} has no token left: it need not even be looked up. */
    boolean exhausted(OrderRef order) {
        Bucket bucket = orders.get(order);
        return bucket != null && bucket.getAvailableTokens() <= 0;
    }

    /**
     * Takes a token for one query of {@code order}, if its order and merchant have one.
     */
    Verdict take(OrderRef order) {
        Bucket perOrder = orderBucket(order);
        if (perOrder == null || !perOrder.tryConsume(1)) {
            return Verdict.ORDER_LIMITED;
        }
        Bucket perMerchant = merchants.computeIfAbsent(order.merchant(),
                m -> bucket(limits.perMerchant(), limits.merchantPeriod(), false));
        if (!perMerchant.tryConsume(1)) {
            perOrder.addTokens(1);
            return Verdict.MERCHANT_LIMITED;
        }
        return Verdict.ALLOWED;
    }

    private Bucket orderBucket(OrderRef order) {
        Bucket existing = orders.get(order);
        if (existing != null) {
            return existing;
        }
        if (orders.size() >= MAX_ORDERS) {
            orders.values().removeIf(b -> b.getAvailableTokens() >= limits.perOrder());
            if (orders.size() >= MAX_ORDERS) {
                return null;
            }
        }
        return orders.computeIfAbsent(order, o -> bucket(limits.perOrder(), limits.orderPeriod(), true));
    }

    private Bucket bucket(int tokens, Duration period, boolean intervally) {
        return Bucket.builder()
            .addLimit(limit -> intervally ? limit.capacity(tokens).refillIntervally(tokens, period)
                    : limit.capacity(tokens).refillGreedy(tokens, period))
            .withCustomTimePrecision(time)
            .build();
    }

    /** The buckets' time is the service's clock (a test's clock in tests). */
    private record ClockTime(Clock clock) implements TimeMeter {

        @Override
        public long currentTimeNanos() {
            Instant now = clock.instant();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano();
        }

        @Override
        public boolean isWallClockBased() {
            return true;
        }

    }

}
