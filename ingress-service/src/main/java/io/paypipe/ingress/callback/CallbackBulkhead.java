package io.paypipe.ingress.callback;

import io.paypipe.ingress.config.IngressProperties;
import java.util.concurrent.Semaphore;
import org.springframework.stereotype.Component;

/**
 * The callback path's own concurrency limit. A channel that replays a backlog must not take the whole
 * service (health, other channels) down with it: past the limit a callback is refused at once, never
 * queued, and the channel pushes it again later.
 */
@Component
public class CallbackBulkhead {

    private final Semaphore permits;
    private final int limit;

    public CallbackBulkhead(IngressProperties properties) {
        this.limit = properties.maxConcurrentCallbacks();
        this.permits = new Semaphore(limit);
    }

    /** Takes a permit if one is free right now; the caller must {@link #release()} it. */
    public boolean tryAcquire() {
        return permits.tryAcquire();
    }

    public void release() {
        permits.release();
    }

    public int limit() {
        return limit;
    }
}
