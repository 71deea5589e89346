package io.paypipe.sandbox.alipay;

import static io.paypipe.sandbox.SandboxFixtures.alipayNotifications;
import static io.paypipe.sandbox.SandboxFixtures.fixedClock;
import static io.paypipe.sandbox.SandboxFixtures.merchants;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.paypipe.sandbox.push.NotificationPusher;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Alipay's delivery rules: only 2xx with the body {@code success} ends a delivery;
 * re-sends on Alipay's schedule.
 */
class AlipayPaymentsTest {

    private HttpServer receiver;

    private final List<byte[]> received = new CopyOnWriteArrayList<>();

    private final List<String> contentTypes = new CopyOnWriteArrayList<>();

    private AlipayPayments payments;

    @AfterEach
    void tearDown() {
        if (payments != null) {
            payments.close();
        }
        if (receiver != null) {
            receiver.stop(0);
        }
    }

    @Test
    void resendsUntilTheReceiverAnswersExactlySuccess() {
        // Given a receiver that answers "fail", then 200 "SUCCESS", then 500 "success",
        // then 200 "success"
        payments = paymentsAgainst(answering("200 fail", "200 SUCCESS", "500 success", "200 success"), 1_000_000);

        // When Alipay pays an order
        AlipayPayments.Payment payment = payments.pay("2021000100000000", "ORDER-7101", 10_010, null, 1);
        NotificationPusher.Delivery delivery = payment.deliveries().getFirst().join();

        // Then only the fourth answer ended the delivery, and every attempt carried the
        // same signed bytes
        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        assertThat(delivery.attempts()).extracting(NotificationPusher.Attempt::acknowledged)
            .containsExactly(false, false, false, true);
        assertThat(received).hasSize(4).allSatisfy(body -> assertThat(body).isEqualTo(payment.notification().body()));
        assertThat(contentTypes)
            .allSatisfy(ct -> assertThat(ct).isEqualTo("application/x-www-form-urlencoded; charset=utf-8"));
        assertThat(payments.deliveries(payment.notification().notifyId())).hasSize(1);
    }

    @Test
    void givesUpAfterEightDeliveries() {
        payments = paymentsAgainst(answering("200 fail"), 1_000_000);

        NotificationPusher.Delivery delivery = payments.pay("2021000100000000", "ORDER-7102", 100, null, 1)
            .deliveries()
            .getFirst()
            .join();

        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.GAVE_UP);
        assertThat(delivery.attemptCount()).isEqualTo(8);
    }

    @Test
    void alipaysScheduleSpansAboutADay() {
        assertThat(AlipayPayments.ALIPAY_RESEND_SCHEDULE).hasSize(7)
            .startsWith(Duration.ofMinutes(4), Duration.ofMinutes(10), Duration.ofMinutes(10));
        assertThat(AlipayPayments.ALIPAY_RESEND_SCHEDULE.stream().reduce(Duration.ZERO, Duration::plus))
            .isEqualTo(Duration.ofHours(24).plusMinutes(24));
    }

    @Test
    void serviceProvidersOwnAppCannotBePaidDirectly() {
        payments = paymentsAgainst(answering("200 success"), 1_000);

        assertThatThrownBy(() -> payments.pay("2021000200000000", "ORDER-7103", 100, null, 1))
            .isInstanceOf(IllegalArgumentException.class);
        assertThat(payments.pay("2021000300000000", "ORDER-7103", 100, null, 1).notification().params())
            .containsEntry("app_id", "2021000200000000")
            .containsEntry("auth_app_id", "2021000300000000");
    }

    private AlipayPayments paymentsAgainst(URI url, long compression) {
        return new AlipayPayments(merchants(), alipayNotifications(),
                AlipayPayments.pusher(url, compression, Duration.ofSeconds(5), fixedClock()));
    }

    /** A notify endpoint answering "status body" in turn, repeating the last one. */
    private URI answering(String... answers) {
        Deque<String> queue = new ArrayDeque<>(List.of(answers));
        try {
            receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            receiver.createContext("/notify/alipay", exchange -> {
                received.add(exchange.getRequestBody().readAllBytes());
                contentTypes.add(exchange.getRequestHeaders().getFirst("Content-Type"));
                String answer;
                synchronized (queue) {
                    answer = queue.size() > 1 ? queue.poll() : queue.peek();
                }
                byte[] body = answer.substring(4).getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(Integer.parseInt(answer.substring(0, 3)), body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            receiver.start();
            return URI.create("http://127.0.0.1:" + receiver.getAddress().getPort() + "/notify/alipay");
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

}
