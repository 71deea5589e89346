package io.paypipe.ingress.callback;

import io.paypipe.ingress.config.IngressProperties;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Component;

/**
 * The callback path's own concurrency limit around the work that needs the database and
 * the broker. A channel that replays a backlog must not take the whole service (health,
 * other channels) down with it: past the limit a callback waits a short, bounded time for
 * a permit (first come, first served), and is then refused; the channel pushes it again
 * later.
 */
@Component
public class CallbackBulkhead {

    private final Semaphore permits;

    private final int limit;

    public CallbackBulkhead(IngressProperties properties) {
        this.limit = properties.maxConcurrentCallbacks();
        this.permits = new Semaphore(limit, true);
    }

    /** Takes a permit if one is free right now; the caller must {@link #release()} it. */
    public boolean tryAcquire() {
        return permits.tryAcquire();
    }

    /**
     * Takes a permit, waiting at most {@code wait} for one (in arrival order); the caller
     * must {@link #release()} it.
     */
    public boolean acquire(Duration wait) {
        try {
            return permits.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public void release() {
        permits.release();
    }

    /**
     * Callbacks waiting for a permit right now (an estimate, as
     * {@link Semaphore#getQueueLength()}).
     */
    public int waiting() {
        return permits.getQueueLength();
    }

    public int limit() {
        return limit;
    }

}
