package io.paypipe.bench.load;

import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends prepared deliveries to one URL, either at a fixed concurrency (closed loop: each
 * of C senders sends the next one as soon as its previous one was answered) or at a fixed
 * arrival rate (open loop: request i is due at start + i / rate whatever happened to the
 * others, and its latency counts from that moment). Prints a progress line every second.
 */
public final class LoadRunner {

    /**
     * Called with the out_trade_no and System.nanoTime() just before a first
     * (non-duplicate) delivery goes out.
     */
    public interface SendListener {

        void sending(String outTradeNo, long nanos);

        /** Called when a delivery of {@code outTradeNo} got the channel's success ack. */
        default void acked(String outTradeNo) {
        }

    }

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient client = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .executor(Executors.newVirtualThreadPerTaskExecutor())
        .build();

    private final PrintStream progress;

    public LoadRunner(PrintStream progress) {
        this.progress = progress;
    }

    /**
     * Closed loop: {@code concurrency} senders until {@code duration} has passed or the
     * deliveries ran out.
     */
    public AckStats atConcurrency(String label, URI target, List<Delivery> deliveries, int concurrency,
            Duration duration, SendListener listener) {
        AckRecorder recorder = new AckRecorder();
        AtomicInteger next = new AtomicInteger();
        long deadline = System.nanoTime() + duration.toNanos();
        // resources close in reverse: the senders are awaited first, then the progress
        // line stops
        try (Progress ticker = new Progress(label, recorder, deliveries.size());
                ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int s = 0; s < concurrency; s++) {
                senders.submit(() -> {
                    int i;
                    while (System.nanoTime() < deadline && (i = next.getAndIncrement()) < deliveries.size()) {
                        send(target, deliveries.get(i), System.nanoTime(), recorder, listener);
                    }
                });
            }
        }
        return recorder.stats();
    }

    /**
     * Open loop: {@code ratePerSecond} arrivals for {@code duration} (or until the
     * deliveries ran out).
     */
    public AckStats atRate(String label, URI target, List<Delivery> deliveries, int ratePerSecond, Duration duration,
            SendListener listener) {
        AckRecorder recorder = new AckRecorder();
        long count = Math.min(deliveries.size(), duration.toSeconds() * ratePerSecond);
        long intervalNanos = 1_000_000_000L / ratePerSecond;
        long start = System.nanoTime() + 50_000_000L;
        try (Progress ticker = new Progress(label, recorder, count);
                ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                long due = start + i * intervalNanos;
                long wait;
                while ((wait = due - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(wait);
                }
                Delivery d = deliveries.get(i);
                senders.submit(() -> send(target, d, due, recorder, listener));
            }
        }
        return recorder.stats();
    }

    private void send(URI target, Delivery d, long dueNanos, AckRecorder recorder, SendListener listener) {
        HttpRequest.Builder request = HttpRequest.newBuilder(target)
            .timeout(REQUEST_TIMEOUT)
            .POST(HttpRequest.BodyPublishers.ofByteArray(d.body()));
        d.headers().forEach((name, value) -> {
            if (!name.equalsIgnoreCase("Content-Length") && !name.equalsIgnoreCase("Host")) {
                request.header(name, value);
            }
        });
        recorder.sending(dueNanos);
        if (!d.duplicate()) {
            listener.sending(d.outTradeNo(), dueNanos);
        }
        try {
            HttpResponse<Void> response = client.send(request.build(), HttpResponse.BodyHandlers.discarding());
            recorder.answered(dueNanos, response.statusCode());
            if (response.statusCode() == 200 || response.statusCode() == 204) {
                listener.acked(d.outTradeNo());
            }
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            recorder.failed(e);
        }
        catch (Exception e) {
            recorder.failed(e);
        }
    }

    /** One line a second: sent, accepted, errors, rate. */
    private final class Progress implements AutoCloseable {

        private final Thread thread;

        private volatile boolean running = true;

        Progress(String label, AckRecorder recorder, long planned) {
            long started = System.nanoTime();
            this.thread = Thread.ofPlatform().daemon().name("bench-progress").start(() -> {
                long lastAccepted = 0;
                while (running) {
                    LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
                    if (!running) {
                        break;
                    }
                    long accepted = recorder.acceptedSoFar();
                    progress.printf("bench: %-28s %5ds  sent %7d/%d  acked %7d  (+%d/s)%n", label,
                            (System.nanoTime() - started) / 1_000_000_000L, recorder.sentSoFar(), planned, accepted,
                            accepted - lastAccepted);
                    lastAccepted = accepted;
                }
            });
        }

        @Override
        public void close() {
            running = false;
            thread.interrupt();
        }

    }

}
