package io.paypipe.sandbox.push;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers notifications of any channel the way the channel does: HTTP POST to the notify
 * URL with a per-attempt timeout; an answer the channel's
 * {@link DeliveryRules.SuccessAck} accepts ends the delivery; anything else (another
 * answer, timeout, connection refused) is a failure and the notification is pushed again
 * after the channel's next re-push delay, divided by the time-compression factor. After
 * the last delay's attempt it gives up.
 * <p>
 * A plain {@link #push(Pushable)} resends the original bytes with the original headers:
 * byte-identical duplicates, the harder case for a receiver's dedupe. A channel that
 * signs every request it sends (WeChat, Stripe) uses
 * {@link #push(Pushable, UnaryOperator)}, which re-signs before each re-push; the body
 * stays the same bytes.
 * <p>
 * Every {@link #push} is one delivery with its own re-push chain; pushing the same
 * notification twice models a channel's duplicate deliveries. The history is kept per
 * notification id, see {@link #deliveries}.
 */
public final class NotificationPusher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(NotificationPusher.class);

    /** A delivery's state. */
    public enum Status {

        /** Not acknowledged yet; a (re-)push is due. */
        PENDING,
        /** Acknowledged with the channel's success ack (WeChat: HTTP 200 or 204). */
        DELIVERED,
        /** Every scheduled attempt failed. */
        GAVE_UP,
        /** The pusher was closed before the delivery finished. */
        ABANDONED

    }

    /**
     * One HTTP attempt: {@code httpStatus} 0 when no response came (timeout, refused),
     * then {@code error} says why; {@code acknowledged} when the answer was the channel's
     * success ack.
     */
    public record Attempt(int number, Instant at, int httpStatus, String error, String responseBody,
            boolean acknowledged) {
        public boolean succeeded() {
            return acknowledged;
        }
    }

    /** A snapshot of one delivery (one push and its re-pushes). */
    public record Delivery(long deliveryId, String notificationId, URI target, Status status, List<Attempt> attempts) {
        public Delivery {
            attempts = List.copyOf(attempts);
        }

        public int attemptCount() {
            return attempts.size();
        }

        /** The HTTP status of the last attempt, 0 for none or no response. */
        public int lastStatus() {
            return attempts.isEmpty() ? 0 : attempts.getLast().httpStatus();
        }
    }

    /**
     * Counters since start. {@code pending} deliveries are neither delivered, given up
     * nor abandoned.
     */
    public record Stats(long pushes, long attempts, long failedAttempts, long delivered, long gaveUp, long pending) {
    }

    private final URI notifyUrl;

    private final DeliveryRules rules;

    private final long timeCompression;

    private final Clock clock;

    private final AttemptSender sender;

    private final ScheduledExecutorService scheduler;

    private final DeliveryHistory history = new DeliveryHistory();

    private volatile boolean closed;

    /**
     * @param rules the channel's re-push delays and success ack
     * @param timeCompression divides every re-push delay (1 = real time)
     * @param requestTimeout per-attempt timeout (not compressed)
     */
    public NotificationPusher(URI notifyUrl, DeliveryRules rules, long timeCompression, Duration requestTimeout,
            Clock clock) {
        if (timeCompression < 1) {
            throw new IllegalArgumentException("timeCompression must be >= 1");
        }
        this.notifyUrl = Objects.requireNonNull(notifyUrl, "notifyUrl");
        this.rules = Objects.requireNonNull(rules, "rules");
        this.timeCompression = timeCompression;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sender = new AttemptSender(Objects.requireNonNull(requestTimeout, "requestTimeout"), rules.successAck());
        this.scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, rules.channel() + "-pusher");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The re-push delays actually used, after compression. */
    public List<Duration> effectiveSchedule() {
        return rules.compressedDelays(timeCompression);
    }

    public URI notifyUrl() {
        return notifyUrl;
    }

    /**
     * Pushes to the notify URL, the same bytes every attempt; completes when delivered,
     * given up or abandoned.
     */
    public CompletableFuture<Delivery> push(Pushable notification) {
        return start(notification, () -> notification);
    }

    /** Pushes to the notify URL; every re-push is first passed through {@code resign}. */
    public <T extends Pushable> CompletableFuture<Delivery> push(T notification, UnaryOperator<T> resign) {
        return start(notification, () -> resign.apply(notification));
    }

    private CompletableFuture<Delivery> start(Pushable notification, Supplier<Pushable> resigned) {
        if (closed) {
            throw new IllegalStateException("the pusher is closed");
        }
        DeliveryTracker tracker = history.start(notification, notifyUrl, resigned);
        try {
            scheduler.execute(() -> attempt(tracker));
        }
        catch (RejectedExecutionException e) {
            tracker.finish(Status.ABANDONED);
        }
        return tracker.done;
    }

    /**
     * Every delivery (one per push) of the notification with id {@code notificationId}.
     */
    public List<Delivery> deliveries(String notificationId) {
        return history.deliveries(notificationId);
    }

    public Stats stats() {
        return history.stats();
    }

    private void attempt(DeliveryTracker tracker) {
        if (closed) {
            tracker.finish(Status.ABANDONED);
            return;
        }
        int number = tracker.attemptCount() + 1;
        Instant at = clock.instant();
        history.attemptStarted();
        sender.send(tracker.toSend(number), tracker.target, number, at)
            .thenAccept(attempt -> onResult(tracker, attempt));
    }

    private void onResult(DeliveryTracker tracker, Attempt attempt) {
        tracker.record(attempt);
        int number = attempt.number();
        if (attempt.succeeded()) {
            history.delivered(tracker);
            log.debug("notification {} delivery {} acknowledged by HTTP {} at attempt {}", tracker.notification.id(),
                    tracker.id, attempt.httpStatus(), number);
            return;
        }
        history.attemptFailed();
        int repush = number - 1; // the delay after attempt n is repushDelays[n - 1]
        if (closed) {
            tracker.finish(Status.ABANDONED);
        }
        else if (repush < rules.repushDelays().size()) {
            Duration delay = DeliveryRules.compress(rules.repushDelays().get(repush), timeCompression);
            log.debug("notification {} delivery {} attempt {} failed ({} {}); re-push in {}", tracker.notification.id(),
                    tracker.id, number, attempt.httpStatus(), attempt.error(), delay);
            try {
                scheduler.schedule(() -> attempt(tracker), delay.toNanos(), TimeUnit.NANOSECONDS);
            }
            catch (RejectedExecutionException e) {
                tracker.finish(Status.ABANDONED);
            }
        }
        else {
            history.gaveUp(tracker);
            log.warn("notification {} delivery {} to {} given up after {} attempts; last status {} {}",
                    tracker.notification.id(), tracker.id, tracker.target, number, attempt.httpStatus(),
                    attempt.error() == null ? "" : attempt.error());
        }
    }

    /**
     * Stops all re-pushes; unfinished deliveries end as
     * {@link Delivery.Status#ABANDONED}.
     */
    @Override
    public void close() {
        closed = true;
        scheduler.shutdownNow();
        sender.close();
        history.abandonAll();
    }

}
