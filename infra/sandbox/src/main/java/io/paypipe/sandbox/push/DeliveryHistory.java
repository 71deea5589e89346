package io.paypipe.sandbox.push;

import io.paypipe.sandbox.push.NotificationPusher.Delivery;
import io.paypipe.sandbox.push.NotificationPusher.Stats;
import io.paypipe.sandbox.push.NotificationPusher.Status;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Every delivery of one pusher, by notification id and by delivery id, and the pusher's
 * counters.
 */
final class DeliveryHistory {

    private final Map<String, List<DeliveryTracker>> byNotification = new ConcurrentHashMap<>();

    private final Map<Long, DeliveryTracker> byId = new ConcurrentHashMap<>();

    private final AtomicLong nextId = new AtomicLong(1);

    private final AtomicLong pushes = new AtomicLong();

    private final AtomicLong attempts = new AtomicLong();

    private final AtomicLong failedAttempts = new AtomicLong();

    private final AtomicLong delivered = new AtomicLong();

    private final AtomicLong gaveUp = new AtomicLong();

    /** A new delivery of {@code notification}, pending. */
    DeliveryTracker start(Pushable notification, URI target, Supplier<Pushable> resigned) {
        DeliveryTracker tracker = new DeliveryTracker(nextId.getAndIncrement(), notification, target, resigned);
        byId.put(tracker.id, tracker);
        byNotification.computeIfAbsent(notification.id(), k -> new CopyOnWriteArrayList<>()).add(tracker);
        pushes.incrementAndGet();
        return tracker;
    }

    void attemptStarted() {
        attempts.incrementAndGet();
    }

    void attemptFailed() {
        failedAttempts.incrementAndGet();
    }

    void delivered(DeliveryTracker tracker) {
        delivered.incrementAndGet();
        tracker.finish(Status.DELIVERED);
    }

    void gaveUp(DeliveryTracker tracker) {
        gaveUp.incrementAndGet();
        tracker.finish(Status.GAVE_UP);
    }

    /** Ends every unfinished delivery as {@link Status#ABANDONED}. */
    void abandonAll() {
        byId.values().forEach(t -> t.finish(Status.ABANDONED));
    }

    List<Delivery> deliveries(String notificationId) {
        return byNotification.getOrDefault(notificationId, List.of()).stream().map(DeliveryTracker::snapshot).toList();
    }

    Stats stats() {
        long pending = byId.values().stream().filter(t -> t.status() == Status.PENDING).count();
        return new Stats(pushes.get(), attempts.get(), failedAttempts.get(), delivered.get(), gaveUp.get(), pending);
    }

}
