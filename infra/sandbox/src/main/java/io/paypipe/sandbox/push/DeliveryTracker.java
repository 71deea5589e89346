package io.paypipe.sandbox.push;

import io.paypipe.sandbox.push.NotificationPusher.Attempt;
import io.paypipe.sandbox.push.NotificationPusher.Delivery;
import io.paypipe.sandbox.push.NotificationPusher.Status;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * One delivery while it runs: what it sends, its attempts so far, and its end
 * ({@link #done}).
 */
final class DeliveryTracker {

    final long id;

    final Pushable notification;

    final URI target;

    final CompletableFuture<Delivery> done = new CompletableFuture<>();

    private final Supplier<Pushable> resigned;

    private final List<Attempt> attempts = new ArrayList<>();

    private Status status = Status.PENDING;

    /**
     * @param resigned what a re-push sends (the same notification, or the same body
     * signed afresh)
     */
    DeliveryTracker(long id, Pushable notification, URI target, Supplier<Pushable> resigned) {
        this.id = id;
        this.notification = notification;
        this.target = target;
        this.resigned = resigned;
    }

    /**
     * What attempt {@code number} sends: the notification as pushed first, re-signed for
     * every re-push.
     */
    Pushable toSend(int number) {
        return number == 1 ? notification : resigned.get();
    }

    synchronized int attemptCount() {
        return attempts.size();
    }

    synchronized Status status() {
        return status;
    }

    synchronized void record(Attempt attempt) {
        attempts.add(attempt);
    }

    /** Ends the delivery with {@code outcome} unless it has ended already. */
    void finish(Status outcome) {
        Delivery snapshot;
        synchronized (this) {
            if (status != Status.PENDING) {
                return;
            }
            status = outcome;
            snapshot = snapshot();
        }
        done.complete(snapshot);
    }

    synchronized Delivery snapshot() {
        return new Delivery(id, notification.id(), target, status, attempts);
    }

}
