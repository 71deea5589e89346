package io.paypipe.launcher;

import io.paypipe.core.signin.OperatorCredentials;
import static io.paypipe.launcher.OrderEffects.*;
import static io.paypipe.launcher.PipelineFixture.counts;
import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.orders;
import static io.paypipe.launcher.PipelineFixture.settings;
import static io.paypipe.launcher.PipelineFixture.withExtras;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.auditor.AuditReport;
import io.paypipe.auditor.Invariant;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Json;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import tools.jackson.databind.JsonNode;

/**
 * The raw table as the outbox, end to end (issue 13, test 6): a WeChat payment stored by
 * ingress whose publish was lost (the row is written as ingress writes it and never
 * published; WeChat, acknowledged, pushes no more) stays at handled=0 and the auditor's
 * RAW_SETTLED names it; once reconcile-service runs, its outbox publishes the row again
 * (sweep every 500 ms, rows inactive for 2 s), the processor settles it (PAID once, one
 * ledger row, one order.paid event id, one shipment), RAW_SETTLED holds, and the watchdog
 * (settle-within compressed to 5 s) raises no NOTIFICATION_UNSETTLED for it.
 */
class RawOutboxEndToEndIntegrationTest {

    /**
     * A merchant of this test only (the sandbox makes four): its settlement counts are
     * ours.
     */
    private static final String MERCHANT = "1900000103";

    /**
     * The outbox compressed; the active query's first query of an order 10 min after it
     * (the default is 3 min): within this test nothing but the outbox can publish the
     * row.
     */
    private static final List<String> RECONCILE = List.of("reconcile.outbox.interval=500ms",
            "reconcile.outbox.republish-after=2s", "reconcile.watch.settle-within=5s",
            "reconcile.watch.scan-interval=500ms", "reconcile.watch.commit-interval=100ms",
            "reconcile.query.first-query-after=10m");

    private static final Duration SETTLE_WITHIN = Duration.ofSeconds(5);

    /** The auditor's retry budget here: a row at handled=0 for longer is a violation. */
    private static final Duration SHORT_BUDGET = Duration.ofSeconds(1);

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void givenARawRowWhosePublishWasLost_whenTheOutboxPublishesItAgain_thenItIsSettledOnceAndNothingIsAlerted() {
        LocalPipeline.Settings settings = withExtras(settings(), PipelineService.RECONCILE, RECONCILE)
            .withExtra(PipelineService.SANDBOX, "sandbox.merchant-count", "4");
        try (var pipeline = LocalPipeline.start(settings,
                EnumSet.complementOf(EnumSet.of(PipelineService.RECONCILE)))) {
            JdbcClient jdbc = jdbc(pipeline, PipelineService.PROCESSOR);

            // Given a pending order paid at WeChat, whose notification ingress stored and
            // acknowledged but whose publish to payment.notify was lost
            String no = newOutTradeNo();
            orders(pipeline).create(MERCHANT, no, 2_500);
            await().atMost(WAIT).until(() -> PipelineFixture.status(jdbc, no), "PENDING"::equals);
            pipeline.bean(PipelineService.SANDBOX, CallbackScenarios.class)
                .choose(OrderRef.of(Channel.WECHATPAY, MERCHANT, no), CallbackScenario.DROP);
            WechatPayPayments.Payment payment = pipeline.bean(PipelineService.SANDBOX, WechatPayPayments.class)
                .pay(MERCHANT, no, 2_500, null, 1);
            long rawId = storeAsIngressDoes(jdbc, payment);

            // ... so it stays unsettled, and the auditor says so
            await().atMost(WAIT)
                .untilAsserted(
                        () -> assertThat(unsettledRawIds(audit(pipeline, no, SHORT_BUDGET))).containsExactly(rawId));
            assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 0, 1, 0, 0, 0));

            // When reconcile-service runs (its outbox sweeps)
            pipeline.start(PipelineService.RECONCILE);

            // Then the row was published again and settled: paid once, one of every
            // effect
            await().atMost(WAIT)
                .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
            // (by the outbox: ingress never published it and no query was due; its stamp
            // last_republished_at is written only when the processor has not settled the
            // row first, which a fast processor does: "settled meanwhile")
            assertThat(rawRows(jdbc, MERCHANT, no)).singleElement().satisfies(r -> {
                assertThat(r.id()).isEqualTo(rawId);
                assertThat(r.handled()).isOne();
                assertThat(r.outcome()).isEqualTo("APPLIED");
            });
            await().atMost(WAIT).untilAsserted(() -> assertThat(orderPaidEventIds(MERCHANT, no)).hasSize(1));

            // And RAW_SETTLED holds, even with a budget of one second
            AuditReport after = audit(pipeline, no, SHORT_BUDGET);
            assertThat(after.violations()).as(after.render()).isEmpty();
            assertThat(after.checked(LEDGER_CHECKED)).as(after.render()).isOne();

            // And the watchdog, which read the notification and its settlement, raised no
            // NOTIFICATION_UNSETTLED for it past its 5 s deadline (nor any alert about
            // the
            // row)
            int reconcilePort = pipeline.settings().port(PipelineService.RECONCILE);
            OperatorCredentials viewer = pipeline.settings().accounts().viewer();
            await().atMost(WAIT).until(() -> appliedCount(reconcilePort, viewer) >= 1);
            String unsettledKey = "NOTIFICATION_UNSETTLED:notify:" + PaymentNotified.idFor(rawId).value();
            await().during(SETTLE_WITHIN.plusSeconds(3)).atMost(WAIT).untilAsserted(() -> {
                assertThat(alertsWithKey(jdbc, unsettledKey)).isZero();
                assertThat(alertsAboutRaw(jdbc, rawId, no)).isZero();
            });
        }
    }

    /**
     * The row ingress's PaymentRawRepository inserts for the verified notification of
     * {@code payment} (the notification's body as received), and nothing more.
     */
    private static long storeAsIngressDoes(JdbcClient jdbc, WechatPayPayments.Payment payment) {
        PaymentSpec spec = payment.spec();
        String tenant = jdbc.sql("SELECT tenant_id FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", MERCHANT)
            .param("o", spec.outTradeNo())
            .query(String.class)
            .single();
        Timestamp now = Timestamp.from(Instant.now());
        var keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no,
                    out_trade_no, notify_id, trade_state, payment_state, order_amount_minor, paid_amount_minor,
                    paid_at, currency, handled, attempts, raw_body, created_at, updated_at, last_delivered_at)
                VALUES (:tenant, :merchant, NULL, 'wechatpay', :tradeNo, :out, :notifyId, 'SUCCESS', 'SUCCEEDED',
                    :total, :paid, :paidAt, 'CNY', 0, 0, :body, :now, :now, :now)""")
            .param("tenant", tenant)
            .param("merchant", MERCHANT)
            .param("tradeNo", spec.transactionId())
            .param("out", spec.outTradeNo())
            .param("notifyId", payment.notification().id())
            .param("total", spec.totalFen())
            .param("paid", spec.payerTotalFen())
            .param("paidAt", Timestamp.from(spec.successTime()))
            .param("body", new String(payment.notification().body(), StandardCharsets.UTF_8))
            .param("now", now)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    private static List<Long> unsettledRawIds(AuditReport report) {
        return report.violations()
            .stream()
            .filter(v -> v.invariant() == Invariant.RAW_SETTLED)
            .flatMap(v -> v.rows().stream())
            .map(row -> ((Number) row.get("raw_id")).longValue())
            .toList();
    }

    /**
     * APPLIED settlements of {@link #MERCHANT} the watchdog counted (GET /watch/counts);
     * 0 while its streams are not running.
     */
    private static long appliedCount(int port, OperatorCredentials viewer) throws Exception {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<String> response = http.send(HttpRequest
                .newBuilder(URI.create("http://127.0.0.1:" + port + "/watch/counts?channel=wechatpay&merchant="
                        + MERCHANT + "&minutes=10"))
                .header("Authorization", viewer.authorization())
                .timeout(Duration.ofSeconds(10))
                .build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return 0;
            }
            long applied = 0;
            for (JsonNode row : Json.MAPPER.readTree(response.body())) {
                if (row.path("outcome").asString("").equals("APPLIED")) {
                    applied += row.path("count").asLong(0);
                }
            }
            return applied;
        }
    }

    private static long alertsWithKey(JdbcClient jdbc, String key) {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE alert_key = :k")
            .param("k", key)
            .query(Long.class)
            .single();
    }

    /**
     * Alerts about the payment's raw row (refund-service's raw ids are of another table).
     */
    private static long alertsAboutRaw(JdbcClient jdbc, long rawId, String outTradeNo) {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE raw_id = :id AND out_trade_no = :o")
            .param("id", rawId)
            .param("o", outTradeNo)
            .query(Long.class)
            .single();
    }

}
