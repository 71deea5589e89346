package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.LoggerContext;
import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
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
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A WeChat Pay v3 payment from the channel sandbox to OrderPaid and its downstream
 * effects, through the real ingress, broker, processor, database and reference consumers.
 */
class WechatPayEndToEndIntegrationTest {

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
        // Given an order of 128.00 CNY
        String outTradeNo = newOutTradeNo();
        givenPendingOrder(pipeline, jdbc, outTradeNo, 12_800);

        // When WeChat (the sandbox) notifies that it was paid
        WechatPayPayments.Payment payment = payments(pipeline).pay(firstMerchant(pipeline), outTradeNo, 12_800, null,
                1);

        // Then the order is paid once, with one ledger row, one shipment and one points
        // grant
        await().atMost(PIPELINE_WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        assertThat(payment.deliveries().getFirst().join().status()).isEqualTo(NotificationPusher.Status.DELIVERED);
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
    void logbackEventsAreCountedOnceForTheWholeJvm() {
        // Given every service of the pipeline in this JVM, sharing one Logback context
        LoggerContext logback = (LoggerContext) LoggerFactory.getILoggerFactory();

        // When its turbo filters (asked on every log call, before the level check) are
        // listed
        var metricsFilters = logback.getTurboFilterList()
            .stream()
            .filter(f -> f.getClass().getSimpleName().equals("MetricsTurboFilter"))
            .toList();

        // Then there is one, the processor's, and its counter is the JVM's only one
        assertThat(metricsFilters).hasSize(1);
        assertThat(pipeline.bean(PipelineService.PROCESSOR, MeterRegistry.class).find("logback.events").counters())
            .isNotEmpty();
        assertThat(pipeline.bean(PipelineService.INGRESS, MeterRegistry.class).find("logback.events").counters())
            .isEmpty();
    }

    @Test
    void aStormOfOneThousandDuplicatesHasExactlyOneEffect() throws Exception {
        // Given an order and one signed notification of its payment
        String outTradeNo = newOutTradeNo();
        givenPendingOrder(pipeline, jdbc, outTradeNo, 5_000);
        SignedNotification notification = payments(pipeline).pay(firstMerchant(pipeline), outTradeNo, 5_000, null, 1)
            .notification();

        // When the very same notification is sent 1000 times over HTTP, 50 at a time
        Map<Integer, AtomicInteger> statuses = sendConcurrently(notification, 1000, 50);

        // Then every delivery got the success ack and there is exactly one of every
        // effect
        assertThat(statuses.keySet()).containsExactly(204);
        assertThat(statuses.get(204).get()).isEqualTo(1000);
        await().atMost(PIPELINE_WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        await().during(Duration.ofSeconds(1))
            .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
    }

    private Map<Integer, AtomicInteger> sendConcurrently(SignedNotification n, int total, int concurrency)
            throws Exception {
        URI ingress = URI
            .create("http://127.0.0.1:" + pipeline.settings().port(PipelineService.INGRESS) + "/notify/wechatpay");
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        Semaphore inFlight = new Semaphore(concurrency);
        try (var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> sends = new java.util.ArrayList<>();
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
