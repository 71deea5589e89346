package io.paypipe.ingress.callback;

import io.paypipe.ingress.config.IngressProperties;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Admission in front of a callback's checks: at most
 * {@code ingress.max-callbacks-in-progress} callbacks between their body's arrival and
 * their answer (verifying, waiting for the bulkhead, storing). Past it a callback is
 * refused at once ({@link Rejection#BUSY}, the channel pushes it again), before its
 * signature is checked.
 * <p>
 * A place is held for the CPU and storage work, not for waiting: a verified delivery that
 * joins an identical body already being stored ({@link CallbackGate}) leaves its place
 * while it waits for that one's ack, so that a storm of one notification's copies cannot
 * fill the admission with waiters and refuse other orders.
 * <p>
 * Why: the checks are CPU work done without a permit, and the bulkhead's bounded wait
 * refuses only after them. When the callbacks arrive faster than they can be stored (a
 * flash sale past capacity, or the backlog of a one-second stall), every one of them was
 * verified, waited out the bulkhead and was refused anyway, and the CPU it took was
 * missing for the callbacks that could still be stored: in the benchmark of 2026-12-04
 * 13:12 a stall of about a second at 100 % of capacity turned into 13,494 refusals in the
 * 20 s phase and 1,015 acks/s on average, where 1,690/s were offered. This limit keeps
 * the verified work to what the bulkhead can still take in time.
 * <p>
 * A refusal counts as {@code busy} ({@link CallbackTally}, the meter behind the
 * {@code PaypipeCallbacksFailing} alert); its WARN line is written at most once per
 * {@link #LOG_EVERY_NANOS} with the number of refusals since the last one, so that a
 * flood of them does not flood the log as well.
 */
@Component
public class CallbackAdmission {

    private static final Logger log = LoggerFactory.getLogger(CallbackAdmission.class);

    /** One WARN line a second at most. */
    static final long LOG_EVERY_NANOS = 1_000_000_000L;

    private final AtomicInteger inProgress = new AtomicInteger();

    private final AtomicLong refusedSinceLine = new AtomicLong();

    /** When the next WARN line may be written (System.nanoTime()); from the start on. */
    private final AtomicLong nextLineNanos = new AtomicLong(System.nanoTime());

    private final int limit;

    public CallbackAdmission(IngressProperties properties) {
        this.limit = properties.maxCallbacksInProgress();
    }

    /**
     * A place if fewer than the limit are in progress; the caller must
     * {@linkplain Place#close() leave} it. A refusal is counted for the log line.
     */
    public Optional<Place> tryEnter() {
        if (inProgress.incrementAndGet() <= limit) {
            return Optional.of(new Place(inProgress));
        }
        inProgress.decrementAndGet();
        refusedSinceLine.incrementAndGet();
        return Optional.empty();
    }

    /** Callbacks in progress right now. */
    public int inProgress() {
        return inProgress.get();
    }

    public int limit() {
        return limit;
    }

    /**
     * The WARN line about refusals of {@code channel}, if none was written in the last
     * second: with every refusal (of any channel) since the last line.
     */
    void refused(ChannelAck channel) {
        long now = System.nanoTime();
        long next = nextLineNanos.get();
        if (now - next < 0 || !nextLineNanos.compareAndSet(next, now + LOG_EVERY_NANOS)) {
            return;
        }
        log.warn(
                "{} refused before its checks: {} callbacks in progress (ingress.max-callbacks-in-progress); "
                        + "{} refused so since the last such line",
                channel.label(), limit, refusedSinceLine.getAndSet(0));
    }

    /**
     * One callback's place in progress. Leaving is idempotent: the gate leaves early for
     * a delivery that waits for an identical one, the flow leaves when it answers.
     */
    public static final class Place implements AutoCloseable {

        private final AtomicInteger inProgress;

        private final AtomicBoolean left = new AtomicBoolean();

        private Place(AtomicInteger inProgress) {
            this.inProgress = inProgress;
        }

        /** Leaves the place; the second and later calls do nothing. */
        @Override
        public void close() {
            if (left.compareAndSet(false, true)) {
                inProgress.decrementAndGet();
            }
        }

    }

}
