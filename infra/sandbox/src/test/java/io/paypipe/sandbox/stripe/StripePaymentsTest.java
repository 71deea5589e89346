package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;

import com.stripe.net.Webhook;
import com.sun.net.httpserver.HttpServer;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.sandbox.SandboxFixtures;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.push.NotificationPusher;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.MockProducer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * Stripe's delivery rules in the sandbox: any 2xx is success, retries on Stripe's
 * schedule, each retry re-signed.
 */
class StripePaymentsTest {

    private static final StripeMerchants MERCHANTS = StripeMerchants.generate("test-shop", 2);

    private final TickingClock clock = new TickingClock(Instant.parse("2026-03-01T08:00:00Z"));

    private final MockProducer<String, OrderCreated> producer = new MockProducer<>(true, null,
            Topics.ORDER_CREATED.keySerializer(), Topics.ORDER_CREATED.valueSerializer()) {
        @Override
        public void close(Duration timeout) {
            // KafkaTemplate closes a plain factory's producer after every send; keep this
            // one for the next
        }
    };

    private HttpServer receiver;

    private final List<String> signatures = new CopyOnWriteArrayList<>();

    private final List<byte[]> bodies = new CopyOnWriteArrayList<>();

    private StripePayments payments;

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
    void any2xxIsSuccessForStripe() {
        // Given a webhook endpoint answering 202 (WeChat would call that a failure)
        givenReceiverAnswering(202);

        // When
        NotificationPusher.Delivery delivery = payments.pay(MERCHANTS.first().account(), "ORDER-P1", 1_000, "usd", 1)
            .deliveries()
            .getFirst()
            .join();

        // Then
        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        assertThat(delivery.attempts()).singleElement().satisfies(a -> assertThat(a.succeeded()).isTrue());
    }

    @Test
    void nonSuccessIsRetriedAndEveryRetryIsSignedAfreshOverTheSameBytes() throws Exception {
        // Given an endpoint that fails with 500, then 400, then acknowledges; time moves
        // on between attempts
        givenReceiverAnswering(500, 400, 200);
        StripeMerchant merchant = MERCHANTS.first();

        // When
        StripePayments.Payment payment = payments.pay(merchant.account(), "ORDER-P2", 1_999, "usd", 1);
        NotificationPusher.Delivery delivery = payment.deliveries().getFirst().join();

        // Then three attempts with three different timestamps, each verified by the
        // official SDK at its own time
        assertThat(delivery.attempts()).extracting(NotificationPusher.Attempt::httpStatus)
            .containsExactly(500, 400, 200);
        assertThat(signatures).hasSize(3);
        assertThat(signatures.stream().map(s -> s.substring(0, s.indexOf(','))).distinct()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            long t = Long.parseLong(signatures.get(i).substring(2, signatures.get(i).indexOf(',')));
            Clock atThatTime = Clock.fixed(Instant.ofEpochSecond(t), ZoneOffset.UTC);
            assertThat(bodies.get(i)).isEqualTo(payment.notification().body());
            assertThat(Webhook
                .constructEvent(new String(bodies.get(i), StandardCharsets.UTF_8), signatures.get(i),
                        merchant.endpointSecret(), 300, atThatTime)
                .getId()).isEqualTo(payment.notification().id());
        }
    }

    @Test
    void givesUpAfterTwelveAttemptsSpreadOverAboutThreeDays() {
        // Given an endpoint that is always down, and three days compressed a million
        // times (about 258 ms)
        givenReceiverAnswering(503);

        NotificationPusher.Delivery delivery = payments.pay(MERCHANTS.first().account(), "ORDER-P3", 100, "usd", 1)
            .deliveries()
            .getFirst()
            .join();

        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.GAVE_UP);
        assertThat(delivery.attemptCount()).isEqualTo(12);
        assertThat(StripePayments.STRIPE_RETRY_SCHEDULE.stream().reduce(Duration.ZERO, Duration::plus))
            .isBetween(Duration.ofHours(70), Duration.ofHours(72));
    }

    @Test
    void stripeOrdersAreCreatedWithChannelStripeInTheirOwnCurrency() {
        givenReceiverAnswering(200);

        OrderCreated usd = payments.createOrder(MERCHANTS.first().account(), "ORDER-P4", 1_050, "usd");
        OrderCreated jpy = payments.createOrder(MERCHANTS.all().get(1).account(), "ORDER-P5", 1_500, "JPY");

        assertThat(usd.channel()).isEqualTo(Channel.STRIPE);
        assertThat(usd.amount()).isEqualTo(Money.of(1_050, "USD"));
        assertThat(usd.orderKey().kafkaKey()).isEqualTo("test-shop|acct_1PaypipeSbx0000|ORDER-P4");
        assertThat(jpy.amount()).isEqualTo(Money.of(1_500, "JPY"));
        assertThat(producer.history()).hasSize(2);
    }

    private void givenReceiverAnswering(int... statuses) {
        Deque<Integer> queue = new ArrayDeque<>();
        for (int s : statuses) {
            queue.add(s);
        }
        try {
            receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
        receiver.createContext("/notify/stripe", exchange -> {
            bodies.add(exchange.getRequestBody().readAllBytes());
            signatures.add(exchange.getRequestHeaders().getFirst("Stripe-Signature"));
            int status;
            synchronized (queue) {
                status = queue.size() > 1 ? queue.poll() : queue.peek();
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
        URI url = URI.create("http://127.0.0.1:" + receiver.getAddress().getPort() + "/notify/stripe");
        SandboxOrders orders = new SandboxOrders(new KafkaTemplate<>(() -> producer), SandboxFixtures.merchants(),
                clock);
        payments = new StripePayments(MERCHANTS, new StripeEvents(clock), orders,
                StripePayments.pusher(url, 1_000_000, Duration.ofSeconds(5), clock));
    }

    /**
     * Moves ten seconds on at every reading, so every signature gets its own timestamp.
     */
    private static final class TickingClock extends Clock {

        private final AtomicLong seconds;

        TickingClock(Instant start) {
            this.seconds = new AtomicLong(start.getEpochSecond());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochSecond(seconds.addAndGet(10));
        }

    }

}
