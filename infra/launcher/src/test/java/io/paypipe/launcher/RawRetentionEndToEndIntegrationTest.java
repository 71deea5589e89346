package io.paypipe.launcher;

import static io.paypipe.launcher.OrderEffects.assertAuditClean;
import static io.paypipe.launcher.OrderEffects.orderPaidEventIds;
import static io.paypipe.launcher.OrderEffects.rawRows;
import static io.paypipe.launcher.PipelineFixture.counts;
import static io.paypipe.launcher.PipelineFixture.firstMerchant;
import static io.paypipe.launcher.PipelineFixture.givenPendingOrder;
import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.payments;
import static io.paypipe.launcher.PipelineFixture.settings;
import static io.paypipe.launcher.PipelineFixture.withExtras;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Retention end to end (issue 17): a WeChat payment is accepted and settled; the raw-body
 * retention (age compressed to 1 s, a run every 500 ms) moves its body to the archive;
 * then WeChat delivers the very same notification again. Ingress still recognises it as a
 * duplicate by the raw row's unique key (the row has no body any more, so a check that
 * read or compared the body would not) and acknowledges it with WeChat's success (204),
 * and nothing happens a second time: one raw row, one ledger row, one shipment, one
 * points grant, one order.paid event.
 */
class RawRetentionEndToEndIntegrationTest {

    private static final List<String> RECONCILE = List.of("reconcile.retention.after=1s",
            "reconcile.retention.interval=500ms", "reconcile.retention.pause=0s",
            "reconcile.query.first-query-after=10m");

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void givenAPaymentWhoseBodyWasArchived_whenTheSameNotificationArrivesAgain_thenItIsAcknowledgedAndAppliedOnce()
            throws Exception {
        try (var pipeline = LocalPipeline.startAll(withExtras(settings(), PipelineService.RECONCILE, RECONCILE))) {
            JdbcClient jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
            String merchant = firstMerchant(pipeline);

            // Given a payment accepted and settled: the order paid once
            String no = newOutTradeNo();
            givenPendingOrder(pipeline, jdbc, no, 3_300);
            SignedNotification notification = payments(pipeline).pay(merchant, no, 3_300, null, 1).notification();
            await().atMost(WAIT)
                .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
            long rawId = rawRows(jdbc, merchant, no).getFirst().id();

            // When the retention has moved its body to the archive
            await().atMost(WAIT).until(() -> body(jdbc, "pay_notify_raw_archive", rawId) != null);
            assertThat(body(jdbc, "pay_notify_raw", rawId)).isNull();
            assertThat(body(jdbc, "pay_notify_raw_archive", rawId))
                .isEqualTo(new String(notification.body(), StandardCharsets.UTF_8));

            // ... and WeChat delivers the same notification again
            int notifiedBefore = published(Topics.PAYMENT_NOTIFY, PaymentNotified::orderKey, merchant, no);
            int paidBefore = published(Topics.ORDER_PAID, OrderPaid::orderKey, merchant, no);
            int status = deliverAgain(pipeline, notification);

            // Then it is acknowledged with WeChat's success, and nothing happens twice
            assertThat(status).isEqualTo(204);
            await().during(Duration.ofSeconds(2))
                .atMost(WAIT)
                .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
            assertThat(rawRows(jdbc, merchant, no)).singleElement().satisfies(r -> {
                assertThat(r.id()).isEqualTo(rawId);
                assertThat(r.handled()).isOne();
                assertThat(r.outcome()).isEqualTo("APPLIED");
            });
            assertThat(orderPaidEventIds(merchant, no)).hasSize(1);
            // recognised as settled by ingress itself: not published again (a check that
            // missed the row, or took the NULL body for another state, would publish it)
            assertThat(published(Topics.PAYMENT_NOTIFY, PaymentNotified::orderKey, merchant, no))
                .isEqualTo(notifiedBefore);
            assertThat(published(Topics.ORDER_PAID, OrderPaid::orderKey, merchant, no)).isEqualTo(paidBefore);
            assertThat(body(jdbc, "pay_notify_raw", rawId)).isNull();
            assertAuditClean(pipeline, no, 1);
        }
    }

    private static int deliverAgain(LocalPipeline pipeline, SignedNotification n) throws Exception {
        URI ingress = URI
            .create("http://127.0.0.1:" + pipeline.settings().port(PipelineService.INGRESS) + "/notify/wechatpay");
        try (var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            var request = HttpRequest.newBuilder(ingress)
                .timeout(Duration.ofSeconds(5))
                .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
            n.headers().forEach(request::header);
            return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        }
    }

    /** Records of the order on {@code topic} so far. */
    private static <V> int published(Topic<V> topic, Function<V, OrderKey> key, String merchant, String outTradeNo) {
        return TopicSnapshot.read(TestInfra.get().bootstrapServers(), topic, (V v) -> {
            OrderKey k = key.apply(v);
            return k.merchantId().value().equals(merchant) && k.outTradeNo().value().equals(outTradeNo);
        }).size();
    }

    /** The stored body, null when there is none (or no row). */
    private static String body(JdbcClient jdbc, String table, long id) {
        return jdbc.sql("SELECT raw_body FROM " + table + " WHERE id = :id")
            .param("id", id)
            .query((rs, i) -> rs.getString("raw_body"))
            .optional()
            .orElse(null);
    }

}
