package io.paypipe.ingress.callback;

import io.paypipe.ingress.config.IngressProperties;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Admission in front of a callback's checks: a callback is refused at once
 * ({@link Rejection#BUSY}, the channel pushes it again), before its signature is checked,
 * when as many callbacks as the admission is {@linkplain #openTo() open to} are between
 * their body's arrival and their answer (verifying, waiting for the bulkhead, storing).
 * That number moves between the bulkhead's permits
 * ({@code ingress.max-concurrent-callbacks}) and the hard cap
 * ({@code ingress.max-callbacks-in-progress}), once per interval as long as
 * {@code ingress.admission-latency}: halved when a queue stood through the interval
 * (every callback stored in it took longer than the admission latency from its admission
 * to its answer), raised by the permits when none stood, and back to the cap after a gap
 * of two intervals without answers and with no more than the permits in progress.
 * <p>
 * A place is held for the CPU and storage work, not for waiting: a verified delivery that
 * joins an identical body already being stored ({@link CallbackGate}) leaves its place
 * while it waits for that one's ack, so that a storm of one notification's copies cannot
 * fill the admission with waiters and refuse other orders. Only the callbacks that go on
 * to the bulkhead are timed ({@link Place#timed()}): a copy that joined another or a
 * callback rejected by its checks is answered quickly whatever the queue, and would hide
 * it.
 * <p>
 * Why an admission: the checks are CPU work done without a permit, and the bulkhead's
 * bounded wait refuses only after them. When the callbacks arrive faster than they can be
 * stored (a flash sale past capacity, or the backlog of a one-second stall), every one of
 * them was verified, waited out the bulkhead and was refused anyway, and the CPU it took
 * was missing for the callbacks that could still be stored: in the benchmark of
 * 2026-12-04 13:12 a stall of about a second at 100 % of capacity turned into 13,494
 * refusals in the 20 s phase and 1,015 acks/s on average, where 1,690/s were offered.
 * <p>
 * Why the fastest answer of an interval: a count alone is a time only at one rate (the
 * count of 256 this admission had until 2026-12-06 was 128 ms of arrivals on the run of
 * record's host and half a second on one four times slower). An average of the latest
 * answers (the admission of 2026-12-06) cannot tell a queue that stands from the backlog
 * of a pause, which drains: after a collector's pause the backlog's answers are all late,
 * and every arrival beyond the permits was refused although ingress was keeping up (a
 * quick bench of 2026-12-06 at 75 % of capacity: one pause of 386 ms, then 1,109
 * refusals). The callbacks that arrived during a pause are admitted together as it ends
 * and the first of them are answered soon, so an interval of a draining backlog holds a
 * fast answer; when callbacks arrive faster than they are stored, every answer of an
 * interval waited for the whole queue. This is CoDel's rule (Nichols and Jacobson,
 * "Controlling Queue Delay", ACM Queue 2012): act on the minimum delay over an interval,
 * not on its mean.
 * <p>
 * Why halve and add rather than refuse all or nothing: with the verdict alone (refuse
 * beyond the permits while a queue stands, admit up to the cap while none does) the
 * admission swung from 64 to 1,024 in progress and back within a second or two past
 * capacity: a quick bench of 2026-12-06 at 150 % answered 629 acks/s of 1,335 offered,
 * and 3,000 callbacks of that run were refused after their checks by the bulkhead's wait.
 * The moving average before it swung the same way. A verdict comes an interval late, and
 * by then the cap's worth of callbacks has been let in. Halving what a standing queue
 * had, and adding the permits an interval at a time, is TCP's congestion avoidance
 * (additive increase, multiplicative decrease): the admission settles where the answers
 * stay near the admission latency. It is not the Netflix concurrency-limits library's
 * AIMD limit, which cuts by a ratio on each dropped or timed-out request: here a request
 * is refused before it is timed, and the signal is the interval's fastest answer. It
 * never latches: up to the permits every callback is admitted, their answers are fast,
 * and each interval without a standing queue opens it further.
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

    private final LongSupplier nanoTime;

    /** When the next WARN line may be written (nanoTime); from the start on. */
    private final AtomicLong nextLineNanos;

    /**
     * The fastest answer of the last whole interval, in nanoseconds; 0 for none, or when
     * that interval ran on past two intervals without answers.
     */
    private volatile long lastIntervalMinNanos;

    /** When the current interval started (nanoTime); guarded by {@code this}. */
    private long intervalStartNanos;

    /** The fastest answer of the current interval so far; guarded by {@code this}. */
    private long intervalMinNanos = Long.MAX_VALUE;

    /**
     * How many may be in progress now: from the bulkhead's permits up to the hard cap,
     * halved when a queue stood through an interval, raised by the permits after each
     * interval in which none stood, the cap again after an idle gap without answers.
     */
    private volatile int openTo;

    /**
     * Whether the last whole interval halved {@link #openTo}: the next one still answers
     * the queue of before, so it does not halve again; guarded by {@code this}.
     */
    private boolean halvedLast;

    private final int limit;

    private final int permits;

    private final long latencyNanos;

    @Autowired
    public CallbackAdmission(IngressProperties properties) {
        this(properties, System::nanoTime);
    }

    CallbackAdmission(IngressProperties properties, LongSupplier nanoTime) {
        this.limit = properties.maxCallbacksInProgress();
        this.permits = properties.maxConcurrentCallbacks();
        this.latencyNanos = properties.admissionLatency().toNanos();
        this.nanoTime = nanoTime;
        long now = nanoTime.getAsLong();
        this.nextLineNanos = new AtomicLong(now);
        this.intervalStartNanos = now;
        this.openTo = limit;
    }

    /**
     * A place if fewer than {@link #openTo()} are in progress; the caller must
     * {@linkplain Place#close() leave} it. A refusal is counted for the log line.
     */
    public Optional<Place> tryEnter() {
        int now = inProgress.incrementAndGet();
        if (now <= openTo) {
            return Optional.of(new Place(this, nanoTime.getAsLong()));
        }
        inProgress.decrementAndGet();
        refusedSinceLine.incrementAndGet();
        return Optional.empty();
    }

    private void left(long enteredNanos, boolean timed) {
        inProgress.decrementAndGet();
        if (timed) {
            long now = nanoTime.getAsLong();
            answered(now, now - enteredNanos);
        }
    }

    /**
     * One timed answer: the interval it falls in keeps its fastest; the first answer
     * after an interval's end makes it the last whole interval, moves {@link #openTo()}
     * and starts the next. An interval that ran on past two intervals had a gap without
     * answers: when no more than the permits are in progress ingress was idle, no queue
     * stood, and the cap applies again; with more it was a stall (the database, the
     * broker, a pause), and the next interval's answers decide. A short lock per stored
     * callback, well under a microsecond against the milliseconds of storing it.
     */
    private synchronized void answered(long now, long latency) {
        long elapsed = now - intervalStartNanos;
        if (elapsed >= latencyNanos) {
            boolean gap = elapsed >= 2 * latencyNanos || intervalMinNanos == Long.MAX_VALUE;
            lastIntervalMinNanos = gap ? 0 : intervalMinNanos;
            boolean stood = !gap && intervalMinNanos > latencyNanos;
            if (gap) {
                // idle: the cap; a stall keeps what it is open to until an interval with
                // answers
                openTo = inProgress.get() <= permits ? limit : openTo;
            }
            else if (!stood) {
                openTo = Math.min(limit, openTo + permits);
            }
            else if (!halvedLast) {
                openTo = Math.max(permits, Math.min(openTo, inProgress.get()) / 2);
            }
            halvedLast = stood && !halvedLast;
            intervalStartNanos = now;
            intervalMinNanos = latency;
        }
        else {
            intervalMinNanos = Math.min(intervalMinNanos, latency);
        }
    }

    /**
     * The fastest answer of the last whole interval, from admission; zero when there was
     * none. Past the admission latency a queue stood through that interval.
     */
    public Duration fastestAnswer() {
        return Duration.ofNanos(lastIntervalMinNanos);
    }

    /** How many callbacks may be in progress now, as the admission sees it. */
    public int openTo() {
        return openTo;
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
        long now = nanoTime.getAsLong();
        long next = nextLineNanos.get();
        if (now - next < 0 || !nextLineNanos.compareAndSet(next, now + LOG_EVERY_NANOS)) {
            return;
        }
        log.warn(
                "{} refused before its checks: {} callbacks in progress, open to {}; the fastest stored in the "
                        + "last interval answered in {} ms (ingress.max-callbacks-in-progress {}, "
                        + "ingress.admission-latency {} ms); {} refused so since the last such line",
                channel.label(), inProgress.get(), openTo, fastestAnswer().toMillis(), limit,
                Duration.ofNanos(latencyNanos).toMillis(), refusedSinceLine.getAndSet(0));
    }

    /**
     * One callback's place in progress. Leaving is idempotent: the gate leaves early for
     * a delivery that waits for an identical one, the flow leaves when it answers.
     */
    public static final class Place implements AutoCloseable {

        private final CallbackAdmission admission;

        private final long enteredNanos;

        private final AtomicBoolean left = new AtomicBoolean();

        private volatile boolean timed;

        private Place(CallbackAdmission admission, long enteredNanos) {
            this.admission = admission;
            this.enteredNanos = enteredNanos;
        }

        /**
         * Marks the callback as one whose answer tells the queue's wait: it goes on to
         * the bulkhead and the store. Its time from admission to leaving is then
         * measured.
         */
        public void timed() {
            timed = true;
        }

        boolean isTimed() {
            return timed;
        }

        /** Leaves the place; the second and later calls do nothing. */
        @Override
        public void close() {
            if (left.compareAndSet(false, true)) {
                admission.left(enteredNanos, timed);
            }
        }

    }

}
