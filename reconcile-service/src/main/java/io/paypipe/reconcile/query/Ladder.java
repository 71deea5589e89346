package io.paypipe.reconcile.query;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One merchant's query ladder, the arithmetic only. Attempts count the chain's queries
 * from 0 (the first query, {@code firstQueryAfter} after the order's creation); the query
 * after attempt {@code n} found the order waiting comes {@code backoff[n]} later (the
 * last delay repeating) but never after the expiry; a failed answer is tried again after
 * {@code errorBackoff[e]}, {@code e} counting the attempt's failures so far.
 *
 * @param firstQueryAfter first query this long after the order's creation
 * @param backoff the waits between two queries that found the order waiting
 * @param expiry the order's chain expires this long after its creation
 * @param errorBackoff the waits after a rate-limited or failed answer (query or close)
 * @param undecidedAfter failing queries give up this long past the expiry
 * @param closeAttempts close calls before a failing close goes to a person
 */
record Ladder(Duration firstQueryAfter, List<Duration> backoff, Duration expiry, List<Duration> errorBackoff,
        Duration undecidedAfter, int closeAttempts) {

    Ladder {
        backoff = List.copyOf(backoff);
        errorBackoff = List.copyOf(errorBackoff);
    }

    /** What to do after a query found the order waiting (or not found). */
    sealed interface Next {

        /** Query again {@code after} this. */
        record Query(Duration after) implements Next {
        }

        /** The chain expired: close (waiting) or ask a person (not found). */
        record Expired() implements Next {
        }

    }

    Instant expiresAt(Instant createdAt) {
        return createdAt.plus(expiry);
    }

    /**
     * How long from {@code now} until the first query of an order created at
     * {@code createdAt}.
     */
    Duration firstWait(Instant createdAt, Instant now) {
        Duration wait = Duration.between(now, createdAt.plus(firstQueryAfter));
        return wait.isNegative() ? Duration.ZERO : wait;
    }

    /** After attempt {@code attempt} found the order waiting at {@code now}. */
    Next afterWaiting(int attempt, Instant now, Instant expiresAt) {
        if (!now.isBefore(expiresAt)) {
            return new Next.Expired();
        }
        Duration step = backoff.get(Math.min(attempt, backoff.size() - 1));
        Duration left = Duration.between(now, expiresAt);
        return new Next.Query(step.compareTo(left) <= 0 ? step : left);
    }

    /** The wait after the {@code failures}-th failure in a row (0 = the first). */
    Duration afterFailure(int failures) {
        return errorBackoff.get(Math.min(Math.max(failures, 0), errorBackoff.size() - 1));
    }

    /**
     * True when failing queries at {@code now} give up: past the expiry plus the grace.
     */
    boolean undecided(Instant now, Instant expiresAt) {
        return now.isAfter(expiresAt.plus(undecidedAfter));
    }

    /**
     * True when the close that failed for the {@code closeAttempt}-th time (0 = first)
     * was the last.
     */
    boolean lastClose(int closeAttempt) {
        return closeAttempt + 1 >= closeAttempts;
    }

}
