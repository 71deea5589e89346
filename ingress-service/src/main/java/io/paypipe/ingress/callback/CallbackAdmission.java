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
 * when {@code ingress.max-callbacks-in-progress} callbacks are between their body's
 * arrival and their answer (verifying, waiting for the bulkhead, storing), or when more
 * than the bulkhead's permits ({@code ingress.max-concurrent-callbacks}) are and the
 * callbacks answered lately took longer than {@code ingress.admission-latency} on average
 * from their admission to their answer.
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
 * 20 s phase and 1,015 acks/s on average, where 1,690/s were offered.
 * <p>
 * Why by latency and not by count alone: a count is a time only at one rate. The count of
 * 256 that this admission was until 2026-12-06 is 128 ms of arrivals at 2,000
 * callbacks/s, so a collector's pause of 100 ms at 75 % of that host's capacity refused
 * callbacks that ingress would have answered a few hundred milliseconds later (the run of
 * record of 2026-12-05: 503s in every 75 % repeat), while on a host four times slower the
 * same count is half a second of arrivals, and a larger count let the backlog outgrow the
 * bulkhead's wait (a quick bench at 150 % with 1,024 and a 1 s wait: 345 acks/s of a
 * capacity of 730, ack p99 9.7 s). The answers' latency says what the count only stands
 * for: whether the callbacks let in are answered in time. The average moves with each
 * answer ({@link #LATENCY_WEIGHT}), so it follows the load within a few dozen answers; it
 * never latches: with no more in progress than the bulkhead's permits every callback is
 * admitted, and their answers bring the average down again.
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

    /** Each answer moves the average latency by 1/16 of its difference from it. */
    static final int LATENCY_WEIGHT = 16;

    private final AtomicInteger inProgress = new AtomicInteger();

    private final AtomicLong refusedSinceLine = new AtomicLong();

    private final LongSupplier nanoTime;

    /** When the next WARN line may be written (nanoTime); from the start on. */
    private final AtomicLong nextLineNanos;

    /**
     * The answers' average latency from admission, in nanoseconds. Updated without a lock
     * by every answer: two answers at once may lose one's step, which a moving average
     * can afford.
     */
    private volatile long averageLatencyNanos;

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
        this.nextLineNanos = new AtomicLong(nanoTime.getAsLong());
    }

    /**
     * A place if fewer than the limit are in progress and, past the bulkhead's permits,
     * the answers are in time; the caller must {@linkplain Place#close() leave} it. A
     * refusal is counted for the log line.
     */
    public Optional<Place> tryEnter() {
        int now = inProgress.incrementAndGet();
        if (now <= permits || (now <= limit && averageLatencyNanos <= latencyNanos)) {
            return Optional.of(new Place(this, nanoTime.getAsLong()));
        }
        inProgress.decrementAndGet();
        refusedSinceLine.incrementAndGet();
        return Optional.empty();
    }

    private void left(long enteredNanos) {
        inProgress.decrementAndGet();
        long latency = nanoTime.getAsLong() - enteredNanos;
        long average = averageLatencyNanos;
        averageLatencyNanos = average + (latency - average) / LATENCY_WEIGHT;
    }

    /** The answers' average latency from admission, as the admission sees it now. */
    public Duration averageLatency() {
        return Duration.ofNanos(averageLatencyNanos);
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
                "{} refused before its checks: {} callbacks in progress, answered in {} ms on average "
                        + "(ingress.max-callbacks-in-progress {}, ingress.admission-latency {} ms); "
                        + "{} refused so since the last such line",
                channel.label(), inProgress.get(), averageLatency().toMillis(), limit,
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

        private Place(CallbackAdmission admission, long enteredNanos) {
            this.admission = admission;
            this.enteredNanos = enteredNanos;
        }

        /** Leaves the place; the second and later calls do nothing. */
        @Override
        public void close() {
            if (left.compareAndSet(false, true)) {
                admission.left(enteredNanos);
            }
        }

    }

}
