package io.paypipe.sandbox.push;

import static io.paypipe.sandbox.SandboxFixtures.fixedClock;
import static io.paypipe.sandbox.SandboxFixtures.notifications;
import static io.paypipe.sandbox.SandboxFixtures.payment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class NotificationPusherTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    /** 15 s becomes 15 ms. */
    private static final long COMPRESSION = 1_000;

    private FakeReceiver receiver;

    private NotificationPusher pusher;

    @AfterEach
    void tearDown() {
        if (pusher != null) {
            pusher.close();
        }
        if (receiver != null) {
            receiver.stop();
        }
    }

    @Test
    void repushesOnFailAckAndStopsOn204() {
        // Given a receiver that fails twice, then acks with 204
        receiver = FakeReceiver.answering(500, 500, 204);
        pusher = wechatPayPusher(receiver.url(), COMPRESSION);
        SignedNotification notification = notifications().transactionSuccess(payment("ORDER-3001"));

        // When
        NotificationPusher.Delivery delivery = pusher.push(notification).join();

        // Then it was delivered at the third attempt and never pushed again
        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        assertThat(delivery.attempts()).extracting(NotificationPusher.Attempt::httpStatus)
            .containsExactly(500, 500, 204);
        assertThat(delivery.attempts().getFirst().responseBody()).contains("FAIL");
        await().during(Duration.ofMillis(100)).atMost(WAIT).until(() -> receiver.requests().size() == 3);
        assertThat(pusher.deliveries(notification.id())).singleElement()
            .satisfies(d -> assertThat(d.attemptCount()).isEqualTo(3));
        assertThat(pusher.stats()).isEqualTo(new NotificationPusher.Stats(1, 3, 2, 1, 0, 0));

        // And every re-push carried the same bytes and the same headers
        assertThat(receiver.requests()).allSatisfy(request -> {
            assertThat(request.body()).isEqualTo(notification.body());
            assertThat(request.signature()).isEqualTo(notification.signature());
            assertThat(request.timestamp()).isEqualTo(notification.timestamp());
            assertThat(request.contentType()).isEqualTo("application/json");
        });
    }

    @Test
    void http200IsSuccessToo() {
        receiver = FakeReceiver.answering(200);
        pusher = wechatPayPusher(receiver.url(), COMPRESSION);

        NotificationPusher.Delivery delivery = pusher.push(notifications().transactionSuccess(payment("ORDER-3002")))
            .join();

        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        assertThat(delivery.attemptCount()).isEqualTo(1);
    }

    @Test
    void givesUpAfterTheLastScheduledAttempt() {
        // Given a receiver that always fails, and WeChat's full day of re-pushes
        // compressed to about 87 ms
        receiver = FakeReceiver.answering(500);
        pusher = wechatPayPusher(receiver.url(), 1_000_000);
        SignedNotification notification = notifications().transactionSuccess(payment("ORDER-3003"));

        // When
        NotificationPusher.Delivery delivery = pusher.push(notification).join();

        // Then the first push and 15 re-pushes were made, then it gave up
        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.GAVE_UP);
        assertThat(delivery.attemptCount()).isEqualTo(16);
        assertThat(delivery.lastStatus()).isEqualTo(500);
        await().during(Duration.ofMillis(100)).atMost(WAIT).until(() -> receiver.requests().size() == 16);
        assertThat(pusher.stats().gaveUp()).isEqualTo(1);
        assertThat(pusher.stats().pending()).isZero();
    }

    @Test
    void connectionRefusedIsAFailedAttempt() throws IOException {
        // Given a port nobody listens on
        URI nowhere;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            nowhere = URI.create("http://127.0.0.1:" + socket.getLocalPort() + "/notify/wechatpay");
        }
        DeliveryRules twoRepushes = new DeliveryRules("wechatpay",
                List.of(Duration.ofSeconds(15), Duration.ofSeconds(15)), WechatPayPayments.WECHAT_SUCCESS_ACK);
        pusher = new NotificationPusher(nowhere, twoRepushes, COMPRESSION, WechatPayPayments.WECHAT_TIMEOUT,
                fixedClock());

        // When
        NotificationPusher.Delivery delivery = pusher.push(notifications().transactionSuccess(payment("ORDER-3004")))
            .join();

        // Then every attempt failed without a status, and it gave up after the short
        // schedule
        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.GAVE_UP);
        assertThat(delivery.attempts()).hasSize(3).allSatisfy(attempt -> {
            assertThat(attempt.httpStatus()).isZero();
            assertThat(attempt.error()).contains("ConnectException");
        });
    }

    @Test
    void eachCopyIsItsOwnDelivery() {
        receiver = FakeReceiver.answering(204);
        pusher = wechatPayPusher(receiver.url(), COMPRESSION);
        SignedNotification notification = notifications().transactionSuccess(payment("ORDER-3005"));

        pusher.push(notification);
        pusher.push(notification);

        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(pusher.deliveries(notification.id())).hasSize(2)
                .allSatisfy(d -> assertThat(d.status()).isEqualTo(NotificationPusher.Status.DELIVERED)));
        assertThat(receiver.requests()).hasSize(2);
    }

    @Test
    void timeCompressionDividesWechatsSchedule() {
        pusher = wechatPayPusher(URI.create("http://127.0.0.1:9/"), 1_000);

        assertThat(pusher.effectiveSchedule()).hasSize(15)
            .startsWith(Duration.ofMillis(15), Duration.ofMillis(15), Duration.ofMillis(30), Duration.ofMillis(180))
            .endsWith(Duration.ofMillis(21_600));
        assertThat(WechatPayPayments.WECHAT_REPUSH_SCHEDULE.stream().reduce(Duration.ZERO, Duration::plus))
            .isEqualTo(Duration.ofHours(24).plusMinutes(4));
    }

    /** A pusher with WeChat's delivery rules, delays divided by {@code compression}. */
    private static NotificationPusher wechatPayPusher(URI url, long compression) {
        return WechatPayPayments.pusher(url, compression, WechatPayPayments.WECHAT_TIMEOUT, fixedClock());
    }

    /**
     * A notify endpoint on 127.0.0.1 that answers the given statuses in turn, repeating
     * the last one.
     */
    private static final class FakeReceiver {

        record Request(byte[] body, String signature, String timestamp, String contentType) {
        }

        private final HttpServer server;

        private final Deque<Integer> statuses;

        private final List<Request> requests = new CopyOnWriteArrayList<>();

        private FakeReceiver(HttpServer server, Deque<Integer> statuses) {
            this.server = server;
            this.statuses = statuses;
        }

        static FakeReceiver answering(int... statuses) {
            Deque<Integer> queue = new ArrayDeque<>();
            for (int status : statuses) {
                queue.add(status);
            }
            try {
                HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
                FakeReceiver receiver = new FakeReceiver(server, queue);
                server.createContext("/notify/wechatpay", exchange -> {
                    byte[] body = exchange.getRequestBody().readAllBytes();
                    receiver.requests
                        .add(new Request(body, exchange.getRequestHeaders().getFirst("Wechatpay-Signature"),
                                exchange.getRequestHeaders().getFirst("Wechatpay-Timestamp"),
                                exchange.getRequestHeaders().getFirst("Content-Type")));
                    int status = receiver.nextStatus();
                    if (status == 200 || status == 204) {
                        exchange.sendResponseHeaders(status, -1);
                    }
                    else {
                        byte[] fail = "{\"code\":\"FAIL\",\"message\":\"失败\"}".getBytes(StandardCharsets.UTF_8);
                        exchange.getResponseHeaders().add("Content-Type", "application/json");
                        exchange.sendResponseHeaders(status, fail.length);
                        try (OutputStream out = exchange.getResponseBody()) {
                            out.write(fail);
                        }
                    }
                    exchange.close();
                });
                server.start();
                return receiver;
            }
            catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        private synchronized int nextStatus() {
            return statuses.size() > 1 ? statuses.poll() : statuses.peek();
        }

        URI url() {
            return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/notify/wechatpay");
        }

        List<Request> requests() {
            return requests;
        }

        void stop() {
            server.stop(0);
        }

    }

}
