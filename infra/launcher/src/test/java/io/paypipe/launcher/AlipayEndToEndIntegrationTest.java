package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.counts;
import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.orders;
import static io.paypipe.launcher.PipelineFixture.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayPayments;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
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
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * An Alipay payment from the channel sandbox to OrderPaid and its downstream effects,
 * through the real ingress ({@code POST /notify/alipay}), broker, processor, database and
 * reference consumers.
 */
class AlipayEndToEndIntegrationTest {

    private static final String APP_1 = Long.toString(SandboxMerchants.FIRST_ALIPAY_APP_ID);

    private static final String APP_2 = Long.toString(SandboxMerchants.FIRST_ALIPAY_APP_ID + 1);

    /** Generous: two cores are shared by several builds. */
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static LocalPipeline pipeline;

    private static JdbcClient jdbc;

    @BeforeAll
    static void startPipeline() {
        pipeline = LocalPipeline.startAll(settings());
        jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
    }

    @AfterAll
    static void stopPipeline() {
        pipeline.close();
    }

    @Test
    void sandboxPaymentPaysTheOrderOnceAndShipsOnce() {
        // Given an Alipay order of 128.00 CNY
        String outTradeNo = newOutTradeNo();
        givenPendingOrder(APP_1, outTradeNo, 12_800);

        // When Alipay (the sandbox) notifies that it was paid
        AlipayPayments.Payment payment = payments().pay(APP_1, outTradeNo, 12_800, null, 1);

        // Then the order is paid once, with one ledger row, one shipment and one points
        // grant
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        NotificationPusher.Delivery delivery = payment.deliveries().getFirst().join();
        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        assertThat(delivery.attempts().getLast().responseBody()).isEqualTo("success");
        assertThat(jdbc.sql("SELECT channel, channel_trade_no FROM orders WHERE out_trade_no = :o")
            .param("o", outTradeNo)
            .query((rs, i) -> rs.getString(1) + "/" + rs.getString(2))
            .single()).isEqualTo("alipay/" + payment.notification().param("trade_no"));
        assertThat(jdbc.sql("SELECT handled FROM pay_notify_raw WHERE out_trade_no = :o")
            .param("o", outTradeNo)
            .query(Integer.class)
            .single()).isEqualTo(1);
        assertThat(jdbc
            .sql("SELECT points FROM points_grant g JOIN orders o ON o.id = g.order_id WHERE o.out_trade_no = :o")
            .param("o", outTradeNo)
            .query(Long.class)
            .single()).isEqualTo(128L);
    }

    @Test
    void aStormOfOneThousandDuplicatesHasExactlyOneEffect() throws Exception {
        // Given an order and one signed notification of its payment
        String outTradeNo = newOutTradeNo();
        givenPendingOrder(APP_1, outTradeNo, 5_000);
        AlipayNotification notification = payments().pay(APP_1, outTradeNo, 5_000, null, 1).notification();

        // When the very same notification is sent 1000 times over HTTP, 50 at a time
        Map<String, AtomicInteger> answers = sendConcurrently(notification, 1000, 50);

        // Then every delivery got Alipay's success ack and there is exactly one of every
        // effect
        assertThat(answers.keySet()).containsExactly("200 success");
        assertThat(answers.get("200 success").get()).isEqualTo(1000);
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        await().atMost(WAIT)
            .during(Duration.ofSeconds(1))
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
    }

    @Test
    void twoAppsWithTheSameOrderNumberNeverTouchEachOthersOrder() {
        // Given the same out_trade_no at two Alipay apps, for different amounts
        String outTradeNo = newOutTradeNo();
        givenPendingOrder(APP_1, outTradeNo, 1_000);
        givenPendingOrder(APP_2, outTradeNo, 2_000);

        // When each app's order is paid
        String trade1 = payments().pay(APP_1, outTradeNo, 1_000, null, 1).notification().param("trade_no");
        String trade2 = payments().pay(APP_2, outTradeNo, 2_000, null, 1).notification().param("trade_no");

        // Then each order is paid by its own trade and amount: two of every effect, no
        // mismatch
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(2, 2, 2, 2, 2, 2)));
        assertThat(
                jdbc.sql("SELECT merchant_id, channel_trade_no, paid_amount_minor FROM orders WHERE out_trade_no = :o")
                    .param("o", outTradeNo)
                    .query((rs, i) -> rs.getString(1) + "/" + rs.getString(2) + "/" + rs.getLong(3))
                    .list())
            .containsExactlyInAnyOrder(APP_1 + "/" + trade1 + "/1000", APP_2 + "/" + trade2 + "/2000");
        assertThat(jdbc.sql("SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no = :o AND handled = 1")
            .param("o", outTradeNo)
            .query(Long.class)
            .single()).isEqualTo(2L);
    }

    private static AlipayPayments payments() {
        return pipeline.bean(PipelineService.SANDBOX, AlipayPayments.class);
    }

    private static void givenPendingOrder(String appId, String outTradeNo, long fen) {
        orders(pipeline).create(appId, outTradeNo, fen);
        await().atMost(WAIT)
            .until(() -> jdbc.sql("SELECT status FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
                .param("m", appId)
                .param("o", outTradeNo)
                .query(String.class)
                .optional()
                .orElse("ABSENT")
                .equals("PENDING"));
    }

    private Map<String, AtomicInteger> sendConcurrently(AlipayNotification n, int total, int concurrency)
            throws Exception {
        URI ingress = URI
            .create("http://127.0.0.1:" + pipeline.settings().port(PipelineService.INGRESS) + "/notify/alipay");
        Map<String, AtomicInteger> answers = new ConcurrentHashMap<>();
        Semaphore inFlight = new Semaphore(concurrency);
        try (var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> sends = new ArrayList<>();
            for (int i = 0; i < total; i++) {
                sends.add(executor.submit(() -> {
                    inFlight.acquire();
                    try {
                        HttpRequest request = HttpRequest.newBuilder(ingress)
                            .timeout(Duration.ofSeconds(5))
                            .header("Content-Type", AlipayNotification.CONTENT_TYPE)
                            .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()))
                            .build();
                        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                        answers.computeIfAbsent(response.statusCode() + " " + response.body(), k -> new AtomicInteger())
                            .incrementAndGet();
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
        return answers;
    }

}
