package io.paypipe.ingress.intake;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.intake.RawRowGroups.Grouped;
import io.paypipe.ingress.intake.RawRowGroups.Request;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The raw rows of payments that arrive together, inserted together (issue 15): a
 * callback's reservation waits in a queue, and one of {@code ingress.raw-inserts.writers}
 * threads takes every reservation waiting (up to {@code max-rows}) and stores them as one
 * group ({@link RawRowGroups}: one multi-row INSERT, one commit). Each callback still
 * answers only after its own row is committed; a burst just costs the database one
 * statement and one commit per group instead of one per payment. A reservation that finds
 * the queue empty is a group of one, inserted alone as before. Writers 0: no queue, every
 * reservation on its callback's own thread.
 * <p>
 * No reservation waits for ever: a writer that fails answers its group "alone", and a
 * batcher that stops hands back whatever is still queued (it stops after the web server
 * stopped taking callbacks).
 * <p>
 * Meters: {@code paypipe.ingress.raw.insert.rows} (rows per INSERT) and
 * {@code paypipe.ingress.raw.insert.alone{reason}} (reservations handed back).
 */
@Component
final class PaymentRawBatcher implements RawTable<VerifiedPayment>, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PaymentRawBatcher.class);

    private final PaymentRawRepository rows;

    private final RawRowGroups groups;

    private final int writers;

    private final int maxRows;

    private final BlockingQueue<Request> queue = new LinkedBlockingQueue<>();

    private final List<Thread> threads = new ArrayList<>();

    private volatile boolean running;

    @Autowired
    PaymentRawBatcher(PaymentRawRepository rows, IngressProperties properties, MeterRegistry registry) {
        this(rows, properties.rawInserts(), registry);
    }

    PaymentRawBatcher(PaymentRawRepository rows, IngressProperties.RawInserts settings, MeterRegistry registry) {
        this(rows, settings, new RawRowGroups(rows, registry));
    }

    PaymentRawBatcher(PaymentRawRepository rows, IngressProperties.RawInserts settings, RawRowGroups groups) {
        this.rows = rows;
        this.groups = groups;
        this.writers = settings.writers();
        this.maxRows = settings.maxRows();
    }

    @Override
    public Reservation reserve(VerifiedPayment n, Instant now) {
        if (!running) {
            return rows.reserve(n, now);
        }
        Request request = Request.of(n, now);
        queue.add(request);
        if (!running) {
            // stopped meanwhile: no writer may take it any more
            handBackAll();
        }
        return switch (request.done().join()) {
            case Grouped.Reserved(Reservation reservation) -> reservation;
            case Grouped.Alone alone -> rows.reserve(n, now);
            case Grouped.Failed(DataAccessException cause) -> throw cause;
        };
    }

    @Override
    public void markDelivered(long id, Instant at) {
        rows.markDelivered(id, at);
    }

    /** Reservations waiting for a writer. */
    int waiting() {
        return queue.size();
    }

    private void write() {
        List<Request> group = new ArrayList<>(maxRows);
        while (running) {
            try {
                Request first = queue.poll(100, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                group.add(first);
                queue.drainTo(group, maxRows - 1);
                groups.store(group);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            catch (RuntimeException | Error e) {
                log.warn("raw-row group of {} not stored: {}; each reserves alone", group.size(),
                        e.getClass().getSimpleName());
                groups.failed(group);
            }
            finally {
                group.clear();
            }
        }
    }

    private void handBackAll() {
        List<Request> left = new ArrayList<>();
        queue.drainTo(left);
        groups.answerAlone(left, "stopped");
    }

    @Override
    public void start() {
        if (writers == 0 || running) {
            return;
        }
        running = true;
        for (int i = 0; i < writers; i++) {
            threads.add(Thread.ofPlatform().daemon().name("ingress-raw-writer-" + i).start(this::write));
        }
    }

    @Override
    public void stop() {
        running = false;
        for (Thread thread : threads) {
            try {
                thread.join(TimeUnit.SECONDS.toMillis(5));
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        threads.clear();
        handBackAll();
    }

    /**
     * Starts before the web server takes callbacks and stops after it stopped taking
     * them.
     */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 4096;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

}
