package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SANDBOX_SHOP;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.ingress.callback.CallbackBulkhead;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * Slow clients on the callback path: a body that trickles in holds no bulkhead permit and
 * ends within {@code ingress.body-read-timeout}; a callback that finds every permit taken
 * waits a little for one.
 */
@ExtendWith(OutputCaptureExtension.class)
class CallbackSlowClientIntegrationTest extends CallbackIntegrationSupport {

    private static final int TRICKLERS = 100;

    private static final int DECLARED_BODY_BYTES = 200;

    private static final WechatPayNotifications SANDBOX = new WechatPayNotifications(Clock.systemUTC());

    private static final HttpClient HTTP = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();

    @Autowired
    IngressProperties properties;

    @Autowired
    CallbackBulkhead bulkhead;

    @Autowired
    MeterRegistry registry;

    @Test
    void bodiesTricklingInOneBytePerSecondHoldNoPermitAndEndWithTheFailAckOrAClosedConnection(CapturedOutput output)
            throws Exception {
        // Given 100 connections, more than the bulkhead's permits, each sending its body
        // one byte per second
        assertThat(TRICKLERS).isGreaterThan(bulkhead.limit());
        assertThat(deliverFromTheSandbox().status()).as("a first payment, before the clock runs").isEqualTo(204);
        StoredRows before = storedRows();
        List<Trickler> tricklers = new ArrayList<>();
        ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor();
        ScheduledExecutorService sandbox = Executors.newSingleThreadScheduledExecutor();
        ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
        Instant started = Instant.now();
        try {
            for (int i = 0; i < TRICKLERS; i++) {
                tricklers.add(Trickler.open(port));
            }
            trickle.scheduleAtFixedRate(() -> tricklers.forEach(Trickler::sendOneByte), 0, 1, TimeUnit.SECONDS);

            // When the sandbox keeps delivering signed payments meanwhile
            sandbox.scheduleWithFixedDelay(() -> answers.add(deliverFromTheSandbox()), 300, 300, TimeUnit.MILLISECONDS);

            // Then every trickling connection ends, with WeChat's fail ack or closed,
            // once the deadline is over
            await().atMost(properties.bodyReadTimeout().plusSeconds(3))
                .until(() -> tricklers.stream().allMatch(Trickler::ended));
        }
        finally {
            sandbox.shutdown();
            assertThat(sandbox.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
            trickle.shutdownNow();
            tricklers.forEach(Trickler::close);
        }
        System.out
            .println("slow clients: payments answered in " + answers.stream().map(a -> a.took().toMillis()).toList()
                    + " ms while " + TRICKLERS + " bodies trickled in");
        Duration lastEnded = tricklers.stream()
            .map(t -> Duration.between(started, t.endedAt()))
            .max(Duration::compareTo)
            .orElseThrow();
        assertThat(lastEnded).isBetween(properties.bodyReadTimeout(), properties.bodyReadTimeout().plusSeconds(3));
        assertThat(tricklers).allSatisfy(t -> assertThat(t.answer()).satisfiesAnyOf(
                a -> assertThat(a).startsWith("HTTP/1.1 408 ").contains("\"code\":\"FAIL\""),
                a -> assertThat(a).isEmpty()));
        assertThat(output.getAll().lines().filter(l -> l.contains("wechatpay notification rejected: BODY_TIMEOUT")))
            .hasSize(TRICKLERS);
        // and the sandbox's payments were each acknowledged within a second while the
        // bodies trickled
        assertThat(answers).hasSizeGreaterThanOrEqualTo(10).allSatisfy(a -> {
            assertThat(a.status()).isEqualTo(204);
            assertThat(a.took()).isLessThan(Duration.ofSeconds(1));
        });
        assertThat(storedRows().raw()).isEqualTo(before.raw() + answers.size());
    }

    @Test
    void aCallbackWaitsForAPermitFreedWithinTheBulkheadWait() throws Exception {
        // Given every permit taken
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", newOutTradeNo(), newTransactionId(), 100, 100).json(), Instant.now());
        int taken = 0;
        try (ExecutorService client = Executors.newVirtualThreadPerTaskExecutor()) {
            while (bulkhead.tryAcquire()) {
                taken++;
            }

            // When WeChat delivers, and a permit is given back while the delivery waits
            // for one
            Future<HttpResponse<String>> delivery = client.submit(() -> post(n));
            await().pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofMillis(5))
                .atMost(Duration.ofSeconds(5))
                .until(() -> bulkhead.waiting() == 1);
            bulkhead.release();
            taken--;

            // Then the delivery took that permit instead of being refused
            assertThat(delivery.get().statusCode()).isEqualTo(204);
        }
        finally {
            for (int i = 0; i < taken; i++) {
                bulkhead.release();
            }
        }
    }

    @Test
    void aChunkedBodyLargerThanTheLimitIsRefusedWithoutWaitingForItsEnd() throws Exception {
        // Given a body without Content-Length that goes on past ingress.max-body-bytes
        long limit = properties.maxBodyBytes().toBytes();
        byte[] chunk = new byte[8192];
        java.util.Arrays.fill(chunk, (byte) 'x');
        HttpRequest request = HttpRequest.newBuilder(uri("/notify/wechatpay"))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new InputStream() {
                private long sent;

                @Override
                public int read() {
                    return sent++ < limit * 4 ? 'x' : -1;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    int n = (int) Math.min(len, Math.max(0, limit * 4 - sent));
                    if (n == 0) {
                        return -1;
                    }
                    System.arraycopy(chunk, 0, b, off, Math.min(n, chunk.length));
                    n = Math.min(n, chunk.length);
                    sent += n;
                    return n;
                }
            }))
            .build();

        // When it is sent
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());

        // Then it gets the fail ack for a body too large
        assertThat(response.statusCode()).isEqualTo(413);
        assertIsFailAck(response);
    }

    @Test
    void aBodyAlreadyBufferedIsReadAtOnceWithoutAnAsynchronousRead() throws Exception {
        // Given the body-read counters
        StoredRows before = storedRows();
        double direct = bodyReads("direct");
        double async = bodyReads("async");

        // When a signed payment arrives whole, written with its headers in one write (an
        // HTTP client may write the body after the headers, and Tomcat may then read the
        // headers alone)
        String answer = sendRaw(0);

        // Then it is acknowledged and stored, and its body was read at once
        assertThat(answer).startsWith("HTTP/1.1 204 ");
        assertThat(storedRows().raw()).isEqualTo(before.raw() + 1);
        assertThat(bodyReads("direct")).isEqualTo(direct + 1);
        assertThat(bodyReads("async")).isEqualTo(async);
    }

    @Test
    void aBodyArrivingInTwoPartsIsReadWholeAsynchronouslyAndAcknowledged() throws Exception {
        // Given a signed payment whose first half arrives with its headers, the rest 300
        // ms later
        StoredRows before = storedRows();
        double async = bodyReads("async");

        // When the rest arrives
        String answer = sendRaw(300);

        // Then the whole body was verified and stored: a 204 and one more raw row, read
        // the asynchronous way, starting from the half read at once
        assertThat(answer).startsWith("HTTP/1.1 204 ");
        assertThat(storedRows().raw()).isEqualTo(before.raw() + 1);
        assertThat(bodyReads("async")).isEqualTo(async + 1);
    }

    /**
     * Sends a signed sandbox payment over a raw connection: headers and the body's first
     * half in one write, then after {@code pauseMillis} (0: no pause, one write) the
     * rest. Returns what came back.
     */
    private String sendRaw(long pauseMillis) throws IOException {
        var n = SANDBOX.transactionSuccess(PaymentSpec.success(SANDBOX_SHOP, newOutTradeNo(), 100));
        byte[] body = n.body();
        int half = pauseMillis == 0 ? body.length : body.length / 2;
        StringBuilder head = new StringBuilder("POST /notify/wechatpay HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        n.headers().forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("Content-Length: ").append(body.length).append("\r\nConnection: close\r\n\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.US_ASCII);
        byte[] first = java.util.Arrays.copyOf(headBytes, headBytes.length + half);
        System.arraycopy(body, 0, first, headBytes.length, half);
        try (Socket socket = new Socket("127.0.0.1", port)) {
            OutputStream out = socket.getOutputStream();
            out.write(first);
            out.flush();
            if (half < body.length) {
                await().pollDelay(Duration.ofMillis(pauseMillis)).until(() -> true);
                out.write(body, half, body.length - half);
                out.flush();
            }
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private double bodyReads(String path) {
        var counter = registry.find("paypipe.ingress.body.reads").tag("path", path).counter();
        assertThat(counter).as("the body-read counter of path " + path).isNotNull();
        return counter.count();
    }

    private Answer deliverFromTheSandbox() {
        var n = SANDBOX.transactionSuccess(PaymentSpec.success(SANDBOX_SHOP, newOutTradeNo(), 100));
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/notify/wechatpay"))
            .timeout(Duration.ofSeconds(5))
            .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
        n.headers().forEach(request::header);
        long t0 = System.nanoTime();
        try {
            int status = HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            return new Answer(status, Duration.ofNanos(System.nanoTime() - t0));
        }
        catch (IOException e) {
            return new Answer(0, Duration.ofNanos(System.nanoTime() - t0));
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer(0, Duration.ofNanos(System.nanoTime() - t0));
        }
    }

    record Answer(int status, Duration took) {
    }

    /**
     * A raw connection that declared a body and sends it one byte at a time; reads
     * whatever comes back.
     */
    private static final class Trickler {

        private final Socket socket;

        private final OutputStream out;

        private final StringBuilder answer = new StringBuilder();

        private volatile Instant endedAt;

        private volatile boolean writable = true;

        private Trickler(Socket socket) throws IOException {
            this.socket = socket;
            this.out = socket.getOutputStream();
            Thread.ofVirtual().start(this::readUntilClosed);
        }

        static Trickler open(int port) throws IOException {
            Socket socket = new Socket("127.0.0.1", port);
            Trickler t = new Trickler(socket);
            t.out.write(("POST /notify/wechatpay HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + DECLARED_BODY_BYTES + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
            t.out.flush();
            return t;
        }

        void sendOneByte() {
            if (!writable) {
                return;
            }
            try {
                out.write('{');
                out.flush();
            }
            catch (IOException e) {
                writable = false;
            }
        }

        private void readUntilClosed() {
            byte[] buffer = new byte[1024];
            try (InputStream in = socket.getInputStream()) {
                for (int n; (n = in.read(buffer)) >= 0;) {
                    synchronized (answer) {
                        answer.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                    }
                }
            }
            catch (IOException e) {
                // reset by the server: a closed connection
            }
            endedAt = Instant.now();
        }

        boolean ended() {
            return endedAt != null;
        }

        Instant endedAt() {
            return endedAt;
        }

        String answer() {
            synchronized (answer) {
                return answer.toString();
            }
        }

        void close() {
            try {
                socket.close();
            }
            catch (IOException e) {
                // closing anyway
            }
        }

    }

}
