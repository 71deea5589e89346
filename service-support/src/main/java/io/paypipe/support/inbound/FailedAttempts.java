package io.paypipe.support.inbound;

import io.paypipe.core.event.ChannelNotice;
import io.paypipe.support.failure.RejectedRecordException;
import io.paypipe.support.logging.LogFields;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The part of a notification listener around its one service call: when the call fails
 * with anything but a {@link RejectedRecordException} (which is given up at once, not
 * tried again), the failed attempt is counted on the notification's raw row (attempts,
 * last error) before the exception goes on to the retry topics. Counting is best effort:
 * when the database is the failure, the attempt cannot be counted, the retry still
 * happens.
 */
public final class FailedAttempts {

    private static final Logger log = LoggerFactory.getLogger(FailedAttempts.class);

    /** Where a failed attempt is counted: the raw row's repository. */
    @FunctionalInterface
    public interface Counter {

        void recordFailedAttempt(long rawId, String error, Instant at);

    }

    private final String rows;

    private final Counter counter;

    private final Clock clock;

    /**
     * @param rows what the raw rows are called in the log ({@code raw},
     * {@code refund raw})
     */
    public FailedAttempts(String rows, Counter counter, Clock clock) {
        this.rows = rows;
        this.counter = counter;
        this.clock = clock;
    }

    /**
     * Runs {@code call}, the one service call that applies {@code notice}; a failure is
     * counted on the notice's raw row and thrown on.
     */
    public void counting(ChannelNotice notice, Runnable call) {
        try {
            call.run();
        }
        catch (RuntimeException e) {
            failed(notice, e);
            throw e;
        }
    }

    /**
     * Counts {@code failure} of the call that applied {@code notice}, unless it is a
     * {@link RejectedRecordException}: for a caller that applies many notices in one call
     * and learns afterwards which one failed (the processor's batch).
     */
    public void failed(ChannelNotice notice, RuntimeException failure) {
        if (!(failure instanceof RejectedRecordException)) {
            count(notice, failure);
        }
    }

    private void count(ChannelNotice notice, RuntimeException failure) {
        String error = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        log.atWarn()
            .addKeyValue(LogFields.ORDER_KEY, notice.orderKey().kafkaKey())
            .addKeyValue(LogFields.RAW_ID, notice.rawId())
            .addKeyValue(LogFields.OUTCOME, "attempt-failed")
            .log("attempt at {} {} for order {} failed: {}", rows, notice.rawId(), notice.orderKey(), error);
        try {
            counter.recordFailedAttempt(notice.rawId(), error, clock.instant());
        }
        catch (RuntimeException e) {
            log.warn("could not count the failed attempt at {} {}: {}", rows, notice.rawId(), e.toString());
        }
    }

}
