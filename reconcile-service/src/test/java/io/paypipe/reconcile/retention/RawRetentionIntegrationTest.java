package io.paypipe.reconcile.retention;

import static io.paypipe.reconcile.support.Rows.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties.Retention;
import io.paypipe.reconcile.retention.RawRetention.Report;
import io.paypipe.reconcile.retention.RawRetention.TableRun;
import io.paypipe.reconcile.support.ReconcileIntegrationBase;
import io.paypipe.reconcile.support.Rows.PaymentRaw;
import io.paypipe.reconcile.support.TopicRecords;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The raw-body retention against the real database and broker. Each test runs its own
 * {@link RawRetention} on a clock of its own far in the past (so no other test's rows,
 * stored now, are in its window) with batches of {@value #BATCH} and no pause.
 */
@ExtendWith(OutputCaptureExtension.class)
class RawRetentionIntegrationTest extends ReconcileIntegrationBase {

    private static final int BATCH = 2;

    private static final Duration AFTER = Duration.ofDays(7);

    @Autowired
    private RawArchiveRepository archive;

    @Autowired
    private TransactionTemplate tx;

    @Autowired
    private RetentionAlerts alerts;

    @Test
    void givenSettledRowsOlderThanTheAge_whenARunRuns_thenTheirBodiesAreArchivedInBoundedBatches(
            CapturedOutput output) {
        // Given five settled payment rows and one settled refund row stored 8 days
        // before the run, and beside them rows the run must leave alone: settled but 6
        // days old, unsettled (handled=0) and in the manual queue (handled=2), 8 days old
        Instant now = Instant.parse("2001-03-01T00:00:00Z");
        Instant old = now.minus(Duration.ofDays(8));
        String merchant = newMerchant();
        List<PaymentRaw> settled = IntStream.range(0, 5)
            .mapToObj(i -> PaymentRaw.unsettled(merchant, old.plusSeconds(i)).settled(1, old.plusSeconds(60)))
            .toList();
        List<Long> settledIds = settled.stream().map(rows::insert).toList();
        long young = rows.insert(PaymentRaw.unsettled(merchant, now.minus(Duration.ofDays(6))).settled(1, now));
        long unsettled = rows.insert(PaymentRaw.unsettled(merchant, old));
        long manual = rows.insert(PaymentRaw.unsettled(merchant, old).settled(2, old.plusSeconds(60)));
        long refund = rows.refundRaw(merchant, null, 1, old, old.plusSeconds(60));
        long refundManual = rows.refundRaw(merchant, null, 2, old, old.plusSeconds(60));

        // When a run runs
        Report report = retention(now).run();

        // Then the five bodies moved in three batches (2 + 2 + 1), the refund's in one
        assertThat(report.payments()).isEqualTo(new TableRun(5, 3, 0));
        assertThat(report.refunds()).isEqualTo(new TableRun(1, 1, 0));
        for (int i = 0; i < settled.size(); i++) {
            long id = settledIds.get(i);
            PaymentRaw row = settled.get(i);
            assertThat(body("pay_notify_raw", id)).isEmpty();
            assertThat(body("pay_notify_raw_archive", id)).hasValue("{\"secret\":\"payer\"}");
            // the unique key stays on the raw row, which still says handled=1
            assertThat(jdbc.sql("""
                    SELECT COUNT(*) FROM pay_notify_raw
                     WHERE merchant_id = :m AND channel = 'wechatpay' AND channel_trade_no = :t AND handled = 1""")
                .param("m", merchant)
                .param("t", row.tradeNo())
                .query(Long.class)
                .single()).isOne();
            assertThat(jdbc.sql("SELECT channel_trade_no FROM pay_notify_raw_archive WHERE id = :id")
                .param("id", id)
                .query(String.class)
                .single()).isEqualTo(row.tradeNo());
        }
        assertThat(body("pay_refund_raw", refund)).isEmpty();
        assertThat(body("pay_refund_raw_archive", refund)).hasValue("{}");
        // and the others kept their bodies, with nothing archived
        for (long id : List.of(young, unsettled, manual)) {
            assertThat(body("pay_notify_raw", id)).as("row %d", id).hasValue("{\"secret\":\"payer\"}");
            assertThat(body("pay_notify_raw_archive", id)).as("row %d", id).isEmpty();
        }
        assertThat(body("pay_refund_raw", refundManual)).hasValue("{}");
        assertThat(body("pay_refund_raw_archive", refundManual)).isEmpty();

        // And a second run (as scheduled) finds nothing left to do, and says so in one
        // line without any body
        retention(now).runQuietly();
        assertThat(output.getOut()).contains("retention: archived 0 raw bodies (0 payment, 0 refund) in 0 batches")
            .doesNotContain("payer");
    }

    @Test
    void givenARunThatFails_whenItRunsFromTheSchedule_thenOneAlertIsRaisedAndTheBodyStays() {
        // Given a settled old row whose id the archive holds already (the INSERT fails)
        Instant now = Instant.parse("2001-06-01T00:00:00Z");
        Instant old = now.minus(Duration.ofDays(8));
        long id = rows.insert(PaymentRaw.unsettled(newMerchant(), old).settled(1, old.plusSeconds(60)));
        jdbc.sql("""
                INSERT INTO pay_notify_raw_archive (id, merchant_id, channel, channel_trade_no, raw_body, created_at,
                    archived_at) VALUES (:id, 'x', 'wechatpay', 'x', 'in the way', :at, :at)""")
            .param("id", id)
            .param("at", Timestamp.from(old))
            .update();

        // When runs fail, twice the same day
        retention(now).runQuietly();
        retention(now.plusSeconds(60)).runQuietly();

        // Then the body is still on the raw row (the batch rolled back) and one
        // RETENTION_FAILED alert is stored and published
        assertThat(body("pay_notify_raw", id)).hasValue("{\"secret\":\"payer\"}");
        String key = "RETENTION_FAILED:raw-body:2001-06-01";
        assertThat(jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE alert_key = :k AND kind = 'RETENTION_FAILED'")
            .param("k", key)
            .query(Long.class)
            .single()).isOne();
        try (var opsAlerts = new TopicRecords<>(Topics.OPS_ALERT, bootstrapServers())) {
            await().atMost(Duration.ofSeconds(20))
                .untilAsserted(() -> assertThat(opsAlerts.recordsFor(key)).extracting(r -> r.value().kind())
                    .containsExactly(OpsAlertRaised.Kind.RETENTION_FAILED));
        }
    }

    private RawRetention retention(Instant now) {
        return new RawRetention(archive, tx,
                new Retention(true, Duration.ofHours(1), AFTER, Duration.ofDays(30), BATCH, Duration.ZERO),
                Clock.fixed(now, ZoneOffset.UTC), alerts);
    }

    private Optional<String> body(String table, long id) {
        return jdbc.sql("SELECT raw_body FROM " + table + " WHERE id = :id")
            .param("id", id)
            .query((rs, i) -> Optional.ofNullable(rs.getString("raw_body")))
            .optional()
            .flatMap(b -> b);
    }

}
