package io.paypipe.sandbox.wechatpay;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Delivers notifications the way WeChat Pay does: HTTP POST to the notify URL with a 5 s timeout; HTTP 200
 * or 204 is success; anything else (another status, timeout, connection refused) is a failure and the
 * notification is pushed again after 15s/15s/30s/3m/10m/20m/30m/30m/30m/60m/3h/3h/3h/6h/6h (16 deliveries
 * counting the first), each delay divided by the time-compression factor. After the last attempt it gives up.
 * <p>
 * A plain {@link #push(SignedNotification)} resends the original bytes with the original headers (same
 * {@code Wechatpay-Timestamp}, nonce and signature): byte-identical duplicates, the harder case for a
 * receiver's dedupe. WeChat signs every request it sends, so a re-push hours later carries a fresh
 * timestamp (a receiver enforcing the ±300 s window would otherwise refuse every late re-push):
 * {@link #push(SignedNotification, UnaryOperator)} re-signs before each re-push, e.g. with
 * {@link WechatPayNotifications#resign}; the body stays the same bytes.
 * <p>
 * The pusher is generic: another channel passes its own schedule and its own success condition (Stripe: any
 * 2xx, see {@link #ANY_2XX}) to the full constructor; WeChat's ({@link #WECHAT_SUCCESS_ACK}) is the default.
 * <p>
 * Every {@link #push} is one delivery with its own re-push chain; pushing the same notification twice
 * models WeChat's duplicate deliveries. The history is kept per notification id, see {@link #deliveries}.
 * <p>
 * Nothing here is WeChat-only but the defaults: another channel passes its own re-push schedule and its own
 * {@link SuccessAck} (Alipay: 2xx with the body {@code success}, see {@code AlipayPayments}).
 */
public final class NotificationPusher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(NotificationPusher.class);

    /** WeChat's re-push intervals after a failed delivery. */
    public static final List<Duration> WECHAT_REPUSH_SCHEDULE = List.of(
            Duration.ofSeconds(15), Duration.ofSeconds(15), Duration.ofSeconds(30), Duration.ofMinutes(3),
            Duration.ofMinutes(10), Duration.ofMinutes(20), Duration.ofMinutes(30), Duration.ofMinutes(30),
            Duration.ofMinutes(30), Duration.ofMinutes(60), Duration.ofHours(3), Duration.ofHours(3),
            Duration.ofHours(3), Duration.ofHours(6), Duration.ofHours(6));
    /** WeChat waits this long for the merchant's answer. */
    public static final Duration WECHAT_TIMEOUT = Duration.ofSeconds(5);
    /** What a channel accepts as the receiver's success ack; every other answer (or none) is pushed again. */
    @FunctionalInterface
    public interface SuccessAck {
        boolean isSuccess(int httpStatus, String responseBody);
    }

    /** WeChat Pay v3: HTTP 200 or 204, whatever the body. */
    public static final SuccessAck WECHAT_SUCCESS_ACK = (status, body) -> status == 200 || status == 204;
    /** Stripe: any 2xx. */
    public static final SuccessAck ANY_2XX = (status, body) -> status >= 200 && status < 300;

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
     * One HTTP attempt: {@code httpStatus} 0 when no response came (timeout, refused), then {@code error} says why;
     * {@code acknowledged} when the answer was the channel's success ack.
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

    /** Counters since start. {@code pending} deliveries are neither delivered, given up nor abandoned. */
    public record Stats(long pushes, long attempts, long failedAttempts, long delivered, long gaveUp, long pending) {
    }

    private final URI notifyUrl;
    private final long timeCompression;
    private final List<Duration> repushSchedule;
    private final Duration requestTimeout;
    private final SuccessAck successAck;
    private final Clock clock;
    private final HttpClient http;
    private final ScheduledExecutorService scheduler;
    private final Map<String, List<Tracker>> byNotification = new ConcurrentHashMap<>();
    private final Map<Long, Tracker> byId = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong pushes = new AtomicLong();
    private final AtomicLong attempts = new AtomicLong();
    private final AtomicLong failedAttempts = new AtomicLong();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong gaveUp = new AtomicLong();
    private volatile boolean closed;

    /** WeChat's schedule and timeout, delays divided by {@code timeCompression}. */
    public NotificationPusher(URI notifyUrl, long timeCompression, Clock clock) {
        this(notifyUrl, timeCompression, WECHAT_REPUSH_SCHEDULE, WECHAT_TIMEOUT, clock);
    }

    /**
     * @param repushSchedule  delays before the 2nd, 3rd, ... attempt (real time, before compression)
     * @param requestTimeout  per-attempt timeout (not compressed)
     */
    public NotificationPusher(URI notifyUrl, long timeCompression, List<Duration> repushSchedule,
                              Duration requestTimeout, Clock clock) {
        this(notifyUrl, timeCompression, repushSchedule, requestTimeout, WECHAT_SUCCESS_ACK, "wechatpay-pusher", clock);
    }

    /** @param successAck which answers end a delivery (the channel's success ack) */
    public NotificationPusher(URI notifyUrl, long timeCompression, List<Duration> repushSchedule,
                              Duration requestTimeout, SuccessAck successAck, Clock clock) {
        this(notifyUrl, timeCompression, repushSchedule, requestTimeout, successAck, "notification-pusher", clock);
    }

    /**
     * @param successAck which answers end a delivery (the channel's success ack, e.g. {@link #ANY_2XX})
     * @param threadName name of the pusher's scheduler thread
     */
    public NotificationPusher(URI notifyUrl, long timeCompression, List<Duration> repushSchedule,
                              Duration requestTimeout, SuccessAck successAck, String threadName, Clock clock) {
        if (timeCompression < 1) {
            throw new IllegalArgumentException("timeCompression must be >= 1");
        }
        this.notifyUrl = Objects.requireNonNull(notifyUrl, "notifyUrl");
        this.timeCompression = timeCompression;
        this.repushSchedule = List.copyOf(repushSchedule);
        this.requestTimeout = Objects.requireNonNull(requestTimeout, "requestTimeout");
        this.successAck = Objects.requireNonNull(successAck, "successAck");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(requestTimeout)
                .build();
        this.scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, threadName);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** {@code delay / factor}, to the nanosecond (factor 1000 turns 15 s into 15 ms). */
    public static Duration compress(Duration delay, long factor) {
        return Duration.ofNanos(delay.toNanos() / factor);
    }

    /** The re-push delays actually used, after compression. */
    public List<Duration> effectiveSchedule() {
        return repushSchedule.stream().map(d -> compress(d, timeCompression)).toList();
    }

    public URI notifyUrl() {
        return notifyUrl;
    }

    /** Pushes to the configured notify URL; the future completes when delivered, given up or abandoned. */
    public CompletableFuture<Delivery> push(SignedNotification notification) {
        return push(notification, notifyUrl);
    }

    public CompletableFuture<Delivery> push(SignedNotification notification, URI target) {
        return push(notification, target, UnaryOperator.identity());
    }

    /** Pushes to the configured notify URL; every re-push is first passed through {@code resign}. */
    public CompletableFuture<Delivery> push(SignedNotification notification, UnaryOperator<SignedNotification> resign) {
        return push(notification, notifyUrl, resign);
    }

    public CompletableFuture<Delivery> push(SignedNotification notification, URI target,
                                            UnaryOperator<SignedNotification> resign) {
        if (closed) {
            throw new IllegalStateException("the pusher is closed");
        }
        Tracker tracker = new Tracker(nextId.getAndIncrement(), notification, target, resign);
        byId.put(tracker.id, tracker);
        byNotification.computeIfAbsent(notification.id(), k -> new CopyOnWriteArrayList<>()).add(tracker);
        pushes.incrementAndGet();
        try {
            scheduler.execute(() -> attempt(tracker));
        } catch (RejectedExecutionException e) {
            tracker.finish(Status.ABANDONED);
        }
        return tracker.done;
    }

    /** Every delivery (one per push) of the notification with envelope id {@code notificationId}. */
    public List<Delivery> deliveries(String notificationId) {
        return byNotification.getOrDefault(notificationId, List.of()).stream().map(Tracker::snapshot).toList();
    }

    public Optional<Delivery> delivery(long deliveryId) {
        return Optional.ofNullable(byId.get(deliveryId)).map(Tracker::snapshot);
    }

    public Stats stats() {
        long pending = byId.values().stream().filter(t -> t.status() == Status.PENDING).count();
        return new Stats(pushes.get(), attempts.get(), failedAttempts.get(), delivered.get(), gaveUp.get(), pending);
    }

    private void attempt(Tracker tracker) {
        if (closed) {
            tracker.finish(Status.ABANDONED);
            return;
        }
        int number = tracker.attemptCount() + 1;
        Instant at = clock.instant();
        attempts.incrementAndGet();
        SignedNotification sent = number == 1 ? tracker.notification : tracker.resign.apply(tracker.notification);
        HttpRequest.Builder request = HttpRequest.newBuilder(tracker.target)
                .timeout(requestTimeout)
                .POST(HttpRequest.BodyPublishers.ofByteArray(sent.body()));
        sent.headers().forEach(request::header);
        try {
            http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
                    .whenComplete((response, error) -> onResult(tracker, number, at, response, error));
        } catch (RuntimeException e) {
            onResult(tracker, number, at, null, e);
        }
    }

    private void onResult(Tracker tracker, int number, Instant at, HttpResponse<String> response, Throwable error) {
        Attempt attempt;
        if (response != null) {
            attempt = new Attempt(number, at, response.statusCode(), null, abbreviate(response.body()),
                    successAck.isSuccess(response.statusCode(), response.body()));
        } else {
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            attempt = new Attempt(number, at, 0, describe(cause), null, false);
        }
        tracker.record(attempt);
        if (attempt.succeeded()) {
            delivered.incrementAndGet();
            tracker.finish(Status.DELIVERED);
            log.debug("notification {} delivery {} acknowledged by HTTP {} at attempt {}",
                    tracker.notification.id(), tracker.id, attempt.httpStatus(), number);
            return;
        }
        failedAttempts.incrementAndGet();
        int repush = number - 1; // the delay after attempt n is schedule[n - 1]
        if (closed) {
            tracker.finish(Status.ABANDONED);
        } else if (repush < repushSchedule.size()) {
            Duration delay = compress(repushSchedule.get(repush), timeCompression);
            log.debug("notification {} delivery {} attempt {} failed ({} {}); re-push in {}", tracker.notification.id(),
                    tracker.id, number, attempt.httpStatus(), attempt.error(), delay);
            try {
                scheduler.schedule(() -> attempt(tracker), delay.toNanos(), TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException e) {
                tracker.finish(Status.ABANDONED);
            }
        } else {
            gaveUp.incrementAndGet();
            tracker.finish(Status.GAVE_UP);
            log.warn("notification {} delivery {} to {} given up after {} attempts; last status {} {}",
                    tracker.notification.id(), tracker.id, tracker.target, number, attempt.httpStatus(),
                    attempt.error() == null ? "" : attempt.error());
        }
    }

    /** {@code ConnectException: Connection refused}: the class and the first message along the cause chain. */
    private static String describe(Throwable error) {
        String message = null;
        for (Throwable t = error; t != null && message == null; t = t.getCause()) {
            message = t.getMessage();
        }
        return error.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static String abbreviate(String body) {
        if (body == null || body.isEmpty()) {
            return null;
        }
        return body.length() <= 200 ? body : body.substring(0, 200) + "...";
    }

    /** Stops all re-pushes; unfinished deliveries end as {@link Status#ABANDONED}. */
    @Override
    public void close() {
        closed = true;
        scheduler.shutdownNow();
        http.shutdownNow();
        byId.values().forEach(t -> t.finish(Status.ABANDONED));
    }

    private static final class Tracker {
        final long id;
        final SignedNotification notification;
        final URI target;
        final UnaryOperator<SignedNotification> resign;
        final CompletableFuture<Delivery> done = new CompletableFuture<>();
        private final List<Attempt> attempts = new ArrayList<>();
        private Status status = Status.PENDING;

        Tracker(long id, SignedNotification notification, URI target, UnaryOperator<SignedNotification> resign) {
            this.id = id;
            this.notification = notification;
            this.target = target;
            this.resign = resign;
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
}
