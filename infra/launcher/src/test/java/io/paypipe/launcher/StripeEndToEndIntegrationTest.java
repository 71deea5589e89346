package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.counts;
import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.stripe.StripePayments;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A Stripe payment from the channel sandbox to OrderPaid and its downstream effects,
 * through the real ingress, broker, processor, database and reference consumers.
 */
class StripeEndToEndIntegrationTest {

    private static LocalPipeline pipeline;

    private static JdbcClient jdbc;

    private static StripePayments stripe;

    private static String accountA;

    private static String accountB;

    @BeforeAll
    static void startPipeline() {
        pipeline = LocalPipeline.startAll(settings());
        jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
        stripe = pipeline.bean(PipelineService.SANDBOX, StripePayments.class);
        accountA = stripe.merchants().all().get(0).account();
        accountB = stripe.merchants().all().get(1).account();
    }

    @AfterAll
    static void stopPipeline() {
        pipeline.close();
    }

    @Test
    void aDollarPaymentPaysTheOrderOnceAndShipsOnce() {
        // Given an order of 128.00 USD at Stripe account A
        String outTradeNo = newOutTradeNo();
        givenPendingStripeOrder(accountA, outTradeNo, 12_800, "usd");

        // When Stripe (the sandbox) sends payment_intent.succeeded
        StripePayments.Payment payment = stripe.pay(accountA, outTradeNo, 12_800, "usd", 1);

        // Then the order is paid once, with one ledger row, one shipment and one points
        // grant
        eventually()
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        assertThat(payment.deliveries().getFirst().join().status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        assertThat(jdbc.sql("SELECT handled FROM pay_notify_raw WHERE out_trade_no = :o")
            .param("o", outTradeNo)
            .query(Integer.class)
            .single()).isEqualTo(1);
        assertThat(ledger(outTradeNo))
            .isEqualTo(Map.of("channel", "stripe", "channel_trade_no", payment.spec().paymentIntentId(),
                    "paid_amount_minor", 12_800L, "currency", "USD", "merchant_id", accountA));
        assertThat(points(outTradeNo)).isEqualTo(128L);
    }

    @Test
    void aYenPaymentIsBookedInWholeYen() {
        // Given an order of 1500 JPY (the yen has no minor unit: Stripe sends 1500)
        String outTradeNo = newOutTradeNo();
        givenPendingStripeOrder(accountB, outTradeNo, 1_500, "jpy");

        // When
        StripePayments.Payment payment = stripe.pay(accountB, outTradeNo, 1_500, "jpy", 1);

        // Then
        eventually()
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        assertThat(ledger(outTradeNo))
            .isEqualTo(Map.of("channel", "stripe", "channel_trade_no", payment.spec().paymentIntentId(),
                    "paid_amount_minor", 1_500L, "currency", "JPY", "merchant_id", accountB));
        assertThat(points(outTradeNo)).isEqualTo(1_500L);
    }

    @Test
    void twoAccountsWithTheSameOrderNumberNeverTouchEachOthersOrder() {
        // Given the same out_trade_no at account A (20.00 USD) and at account B (3000
        // JPY)
        String outTradeNo = newOutTradeNo();
        givenPendingStripeOrder(accountA, outTradeNo, 2_000, "usd");
        givenPendingStripeOrder(accountB, outTradeNo, 3_000, "jpy");

        // When only B's order is paid
        StripePayments.Payment paidAtB = stripe.pay(accountB, outTradeNo, 3_000, "jpy", 1);

        // Then B's order is paid by B's PaymentIntent, A's stays pending
        eventually().untilAsserted(() -> assertThat(orderStatus(accountB, outTradeNo)).isEqualTo("PAID"));
        eventually().during(Duration.ofSeconds(1))
            .untilAsserted(() -> assertThat(orderStatus(accountA, outTradeNo)).isEqualTo("PENDING"));

        // When A's is paid too
        StripePayments.Payment paidAtA = stripe.pay(accountA, outTradeNo, 2_000, "usd", 1);

        // Then each order carries its own PaymentIntent, and there are two of every
        // effect
        eventually()
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(2, 2, 2, 2, 2, 2)));
        assertThat(tradeNo(accountA, outTradeNo)).isEqualTo(paidAtA.spec().paymentIntentId());
        assertThat(tradeNo(accountB, outTradeNo)).isEqualTo(paidAtB.spec().paymentIntentId());
    }

    @Test
    void aStormOfOneThousandDuplicatesHasExactlyOneEffect() throws Exception {
        // Given an order and one signed event of its payment
        String outTradeNo = newOutTradeNo();
        givenPendingStripeOrder(accountA, outTradeNo, 5_000, "usd");
        SignedNotification event = stripe.pay(accountA, outTradeNo, 5_000, "usd", 1).notification();

        // When the very same signed event is sent 1000 times over HTTP, 50 at a time
        Map<Integer, AtomicInteger> statuses = sendConcurrently(event, 1000, 50);

        // Then every delivery got a 2xx and there is exactly one of every effect
        assertThat(statuses.keySet()).containsExactly(200);
        assertThat(statuses.get(200).get()).isEqualTo(1000);
        eventually()
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        eventually().during(Duration.ofSeconds(1))
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
    }

    /** Generous: two cores are shared by several builds. */
    private static ConditionFactory eventually() {
        return Awaitility.await().atMost(Duration.ofSeconds(60));
    }

    private static void givenPendingStripeOrder(String account, String outTradeNo, long amount, String currency) {
        stripe.createOrder(account, outTradeNo, amount, currency);
        eventually().until(() -> orderStatus(account, outTradeNo).equals("PENDING"));
    }

    private static String orderStatus(String account, String outTradeNo) {
        return jdbc.sql("SELECT status FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", account)
            .param("o", outTradeNo)
            .query(String.class)
            .optional()
            .orElse("ABSENT");
    }

    private static String tradeNo(String account, String outTradeNo) {
        return jdbc.sql("SELECT channel_trade_no FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", account)
            .param("o", outTradeNo)
            .query(String.class)
            .single();
    }

    private static Map<String, Object> ledger(String outTradeNo) {
        return jdbc.sql("""
                SELECT l.channel, l.channel_trade_no, l.paid_amount_minor, l.currency, l.merchant_id
                FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.out_trade_no = :o
                """).param("o", outTradeNo).query().singleRow();
    }

    private static long points(String outTradeNo) {
        return jdbc
            .sql("SELECT points FROM points_grant g JOIN orders o ON o.id = g.order_id WHERE o.out_trade_no = :o")
            .param("o", outTradeNo)
            .query(Long.class)
            .single();
    }

    private Map<Integer, AtomicInteger> sendConcurrently(SignedNotification n, int total, int concurrency)
            throws Exception {
        URI ingress = URI
            .create("http://127.0.0.1:" + pipeline.settings().port(PipelineService.INGRESS) + "/notify/stripe");
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        Semaphore inFlight = new Semaphore(concurrency);
        try (var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> sends = new ArrayList<>();
            for (int i = 0; i < total; i++) {
                sends.add(executor.submit(() -> {
                    inFlight.acquire();
                    try {
                        var request = HttpRequest.newBuilder(ingress)
                            .timeout(Duration.ofSeconds(5))
                            .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
                        n.headers().forEach(request::header);
                        int status = http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                        statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
                    }
                    finally {
                        inFlight.release();
                    }
                    return null;
                }));
            }
            for (Future<?> send : sends) {
                send.get();
            }
        }
        return statuses;
    }

}
