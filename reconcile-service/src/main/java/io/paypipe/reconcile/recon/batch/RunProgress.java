package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.recon.intake.ByteCounter;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.springframework.stereotype.Component;

/**
 * How far the running batches of this instance are, in memory only (a batch run by
 * another instance, or by this one before a restart, has none): rows read, bytes read of
 * the download or file, its length when known, the rate in rows per second since the
 * reading began and the time left, estimated from the bytes. A batch's figures go when it
 * finishes; the row then has its counters.
 */
@Component
public class RunProgress {

    private final Map<Long, Tracker> running = new ConcurrentHashMap<>();

    private final Clock clock;

    RunProgress(Clock clock) {
        this.clock = clock;
    }

    /** The figures of a batch this instance is running. */
    public Optional<Progress> of(long batchId) {
        return Optional.ofNullable(running.get(batchId)).map(Tracker::snapshot);
    }

    Tracker begin(long batchId) {
        Tracker tracker = new Tracker(clock);
        running.put(batchId, tracker);
        return tracker;
    }

    void end(long batchId) {
        running.remove(batchId);
    }

    /** What a running batch is doing. */
    public enum Phase {

        /** Waiting for a runner thread. */
        QUEUED,

        /** Fetching or reading the bill into {@code recon_bill_line}. */
        READING,

        /** Comparing the lines with the ledger and refunds. */
        COMPARING

    }

    /**
     * @param rowsPerSecond rows read per second from the reading's start to now, or to
     * its end once comparing (whole rows)
     * @param length the bill's length in bytes, empty when the channel did not say
     * @param secondsLeft the reading's time left at the rate of the bytes so far, empty
     * before the first byte or without a length
     */
    public record Progress(Phase phase, long rowsRead, long bytesRead, Optional<Long> length, long rowsPerSecond,
            Optional<Long> secondsLeft) {
    }

    /** The counters one batch's reading moves; safe to read from any thread. */
    static final class Tracker implements ByteCounter {

        private final Clock clock;

        private final AtomicLong rows = new AtomicLong();

        private final AtomicLong bytes = new AtomicLong();

        private volatile long length = -1;

        private volatile long since;

        private volatile long until;

        private volatile Phase phase = Phase.QUEUED;

        Tracker(Clock clock) {
            this.clock = clock;
            this.since = clock.millis();
        }

        void reading() {
            since = clock.millis();
            phase = Phase.READING;
        }

        @Override
        public void length(long length) {
            this.length = length;
        }

        void line() {
            rows.incrementAndGet();
        }

        @Override
        public void bytes(long n) {
            bytes.addAndGet(n);
        }

        @Override
        public long bytesRead() {
            return bytes.get();
        }

        void comparing() {
            until = clock.millis();
            phase = Phase.COMPARING;
        }

        Progress snapshot() {
            long end = (until > 0) ? until : clock.millis();
            long elapsed = Math.max(1, end - since);
            long read = rows.get();
            long got = bytes.get();
            long total = length;
            Optional<Long> left = (phase == Phase.READING && got > 0 && total > 0)
                    ? Optional.of(Math.max(0, elapsed * (total - got) / got / 1000)) : Optional.empty();
            return new Progress(phase, read, got, (total >= 0) ? Optional.of(total) : Optional.empty(),
                    (phase == Phase.QUEUED) ? 0 : read * 1000 / elapsed, left);
        }

    }

}
