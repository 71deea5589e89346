package io.paypipe.reconcile.query;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The per-merchant rate limit of the active query's channel calls (queries and closes):
 * one Bucket4j token bucket per calling account (the service provider in service-provider
 * mode, whose calls the channel counts), holding one token, refilled greedily at the
 * account's rate ({@code reconcile.query.rate}, or the merchant's
 * {@code reconcile.query.merchants.<id>.rate}). One token at most means no burst: two
 * calls of an account are at least {@code 1s / rate} apart, in every instance of this
 * service (the rate is per instance). A call without a token is not made: its record
 * waits on the shortest delayed topic.
 */
final class QueryRateLimits {

    private final QueryLadders ladders;

    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();

    QueryRateLimits(QueryLadders ladders) {
        this.ladders = ladders;
    }

    /** Takes the token of {@code account} if there is one now; never waits. */
    boolean tryAcquire(String account) {
        return buckets.computeIfAbsent(account, this::bucket).tryConsume(1);
    }

    /**
     * Takes the next token of {@code account}, waiting for it two refill intervals
     * ({@code 2 x 1s / rate}) at most: for the query that must follow, within the same
     * step, a call that has just taken the token (the close that found the order paid).
     * Without the wait that query would never find a token (one token, no burst), and the
     * step would be given up and repeated for ever. False when the wait ends without one
     * (other calls of the account took them) or is interrupted.
     */
    boolean acquireNext(String account) {
        Duration interval = Duration.ofNanos(1_000_000_000L / ladders.rateOf(account));
        try {
            return buckets.computeIfAbsent(account, this::bucket).asBlocking().tryConsume(1, interval.multipliedBy(2));
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private Bucket bucket(String account) {
        int rate = ladders.rateOf(account);
        return Bucket.builder()
            .addLimit(Bandwidth.builder()
                .capacity(1)
                .refillGreedy(1, Duration.ofNanos(1_000_000_000L / rate))
                .initialTokens(1)
                .build())
            .build();
    }

}
