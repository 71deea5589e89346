package io.paypipe.reconcile.outbox;

import static io.paypipe.reconcile.support.Rows.newMerchant;
import static io.paypipe.reconcile.support.Rows.now;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.DistributionSummary;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.support.ReconcileIntegrationBase;
import io.paypipe.reconcile.support.Rows;
import io.paypipe.reconcile.support.Rows.PaymentRaw;
import io.paypipe.reconcile.support.TopicRecords;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The outbox sweep against the real broker and database (every 200 ms here,
 * republish-after 10m and alert-after 1h as in production; the rows are dated back).
 */
@ExtendWith(OutputCaptureExtension.class)
class OutboxSweepIntegrationTest extends ReconcileIntegrationBase {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private static TopicRecords<PaymentNotified> notify;

    private static TopicRecords<OpsAlertRaised> opsAlerts;

    @BeforeAll
    static void openTopics() {
        notify = new TopicRecords<>(Topics.PAYMENT_NOTIFY, bootstrapServers());
        opsAlerts = new TopicRecords<>(Topics.OPS_ALERT, bootstrapServers());
    }

    @AfterAll
    static void closeTopics() {
        notify.close();
        opsAlerts.close();
    }

    @Test
    void givenARowUnsettledPastRepublishAfter_whenTheSweepRuns_thenItIsPublishedAgainOnceAsTheSameEvent(
            CapturedOutput output) {
        // Given a row stored and acknowledged 15 minutes ago whose publish was lost
        PaymentRaw row = PaymentRaw.unsettled(newMerchant(), now().minus(Duration.ofMinutes(15)));
        long rawId = rows.insert(row);

        // When the sweep finds it, and two more sweeps run
        await().atMost(WAIT).until(() -> rows.lastRepublishedAt(rawId) != null);
        afterTwoMoreSweeps();

        // Then it is on payment.notify once, as ingress published it
        List<ConsumerRecord<String, PaymentNotified>> records = notify.recordsFor(row.kafkaKey());
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(NotifyHeaders.rawId(r.headers())).hasValue(rawId);
            PaymentNotified e = r.value();
            assertThat(e.eventId()).isEqualTo(PaymentNotified.idFor(rawId));
            assertThat(e.rawId()).isEqualTo(rawId);
            assertThat(e.orderKey().kafkaKey()).isEqualTo(r.key());
            assertThat(e.channel()).isEqualTo(Channel.WECHATPAY);
            assertThat(e.spMerchantId()).isNull();
            assertThat(e.channelTradeNo().value()).isEqualTo(row.tradeNo());
            assertThat(e.state()).isEqualTo(PaymentState.SUCCEEDED);
            assertThat(e.channelState()).isEqualTo("SUCCESS");
            assertThat(e.orderAmount()).isEqualTo(Money.of(10010, "CNY"));
            assertThat(e.paidAmount()).isEqualTo(Money.of(10000, "CNY"));
            assertThat(e.paidAt()).isEqualTo(row.paidAt());
            assertThat(e.receivedAt()).isEqualTo(row.createdAt());
        });
        assertThat(rows.lastRepublishedAt(rawId)).isAfter(row.createdAt());
        assertThat(rows.rawAlerts("payment", rawId)).isZero();
        assertThat(output.getOut()).contains("rawId=" + rawId).doesNotContain("payer");
    }

    @Test
    void givenAFreshRowAndAnOldOneTheChannelDeliveredAgainRecently_whenSweepsRun_thenNeitherIsTouched() {
        String merchant = newMerchant();
        PaymentRaw fresh = PaymentRaw.unsettled(merchant, now());
        PaymentRaw redelivered = PaymentRaw.unsettled(merchant, now().minus(Duration.ofMinutes(30)))
            .deliveredAgainAt(now().minus(Duration.ofMinutes(1)));
        long freshId = rows.insert(fresh);
        long redeliveredId = rows.insert(redelivered);

        afterTwoMoreSweeps();

        assertThat(rows.lastRepublishedAt(freshId)).isNull();
        assertThat(rows.lastRepublishedAt(redeliveredId)).isNull();
        assertThat(notify.recordsFor(fresh.kafkaKey())).isEmpty();
        assertThat(notify.recordsFor(redelivered.kafkaKey())).isEmpty();
    }

    @Test
    void givenARowStillUnsettledPastAlertAfter_whenTwoMoreSweepsRun_thenExactlyOneAlertIsRaised() {
        PaymentRaw row = PaymentRaw.unsettled(newMerchant(), now().minus(Duration.ofMinutes(90)));
        long rawId = rows.insert(row);

        await().atMost(WAIT).until(() -> rows.rawAlerts("payment", rawId) == 1);
        afterTwoMoreSweeps();

        assertThat(rows.rawAlerts("payment", rawId)).isEqualTo(1);
        assertThat(opsAlerts.recordsFor(row.kafkaKey())).singleElement().satisfies(r -> {
            OpsAlertRaised a = r.value();
            assertThat(a.kind()).isEqualTo(OpsAlertRaised.Kind.RAW_NOT_PUBLISHED);
            assertThat(a.alertKey()).isEqualTo("RAW_NOT_PUBLISHED:payment:" + rawId);
            assertThat(a.eventId()).isEqualTo(OpsAlertRaised.idFor(a.alertKey()));
            assertThat(a.rawId()).isEqualTo(rawId);
            assertThat(a.merchantId()).isEqualTo(row.merchant());
            assertThat(a.outTradeNo()).isEqualTo(row.outTradeNo());
            assertThat(a.channelTradeNo()).isEqualTo(row.tradeNo());
        });
        // still published again: the alert does not end the outbox's work
        assertThat(rows.lastRepublishedAt(rawId)).isNotNull();
    }

    @Test
    void givenADueRowStoredWithoutItsPaymentState_whenTheSweepRuns_thenItRaisesTheAlertAndIsNotPublished() {
        PaymentRaw row = PaymentRaw.unsettled(newMerchant(), now().minus(Duration.ofMinutes(15))).withoutState();
        long rawId = rows.insert(row);

        await().atMost(WAIT).until(() -> rows.rawAlerts("payment", rawId) == 1);
        afterTwoMoreSweeps();

        assertThat(rows.rawAlerts("payment", rawId)).isEqualTo(1);
        assertThat(rows.paymentAlertMessage(rawId)).contains("payment_state");
        assertThat(rows.lastRepublishedAt(rawId)).isNull();
        assertThat(notify.recordsFor(row.kafkaKey())).isEmpty();
    }

    @Test
    void givenRefundRowsUnsettled_whenSweepsRun_thenOnlyTheOnePastAlertAfterRaisesOneAlert() {
        String merchant = newMerchant();
        Instant old = now().minus(Duration.ofMinutes(90));
        Instant recent = now().minus(Duration.ofMinutes(15));
        long stuck = rows.refundRaw(merchant, Rows.newOutTradeNo(), 0, old, old);
        long younger = rows.refundRaw(merchant, Rows.newOutTradeNo(), 0, recent, recent);
        long settled = rows.refundRaw(merchant, Rows.newOutTradeNo(), 1, old, old);

        await().atMost(WAIT).until(() -> rows.rawAlerts("refund-notice", stuck) == 1);
        afterTwoMoreSweeps();

        assertThat(rows.rawAlerts("refund-notice", stuck)).isEqualTo(1);
        assertThat(rows.rawAlerts("refund-notice", younger)).isZero();
        assertThat(rows.rawAlerts("refund-notice", settled)).isZero();
    }

    @Test
    void givenMoreDueRowsThanTheBatchSize_whenSweepsRun_thenNoSweepPublishesMoreThanTheBatch() {
        // Given 2 x batch + 1 due rows that appear at once (one transaction)
        String merchant = newMerchant();
        Instant storedAt = now().minus(Duration.ofMinutes(20));
        List<PaymentRaw> due = IntStream.range(0, 2 * BATCH + 1)
            .mapToObj(i -> PaymentRaw.unsettled(merchant, storedAt))
            .toList();
        long publishedBefore = (long) republishedPerSweep().totalAmount();
        List<Long> ids = rows.insertAtOnce(due);

        // When the sweeps have published all of them
        await().atMost(WAIT).until(() -> ids.stream().allMatch(id -> rows.lastRepublishedAt(id) != null));

        // Then no sweep published more than a batch (the largest of the last minutes), so
        // it took three sweeps
        assertThat(republishedPerSweep().max()).isEqualTo(BATCH);
        // the sweep counts a batch after it marked and published its rows: the last
        // batch's count may trail the marks by a moment
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(republishedPerSweep().totalAmount() - publishedBefore)
                .isGreaterThanOrEqualTo(ids.size()));
        assertThat(due).allSatisfy(r -> assertThat(notify.recordsFor(r.kafkaKey())).singleElement()
            .satisfies(record -> assertThat(ids).contains(record.value().rawId())));
    }

    @Test
    void givenTheDatabaseFailsDuringASweep_whenItAnswersAgain_thenTheNextSweepsWork(CapturedOutput output) {
        long failedBefore = failedSweeps();
        jdbc.sql("RENAME TABLE pay_refund_raw TO pay_refund_raw_away").update();
        try {
            await().atMost(WAIT).until(() -> failedSweeps() > failedBefore);
        }
        finally {
            jdbc.sql("RENAME TABLE pay_refund_raw_away TO pay_refund_raw").update();
        }
        PaymentRaw row = PaymentRaw.unsettled(newMerchant(), now().minus(Duration.ofMinutes(15)));
        long rawId = rows.insert(row);

        await().atMost(WAIT).until(() -> rows.lastRepublishedAt(rawId) != null);
        assertThat(output.getOut()).contains("ERROR").contains("outbox sweep failed");
    }

    private DistributionSummary republishedPerSweep() {
        return meters.get("reconcile.outbox.republished").summary();
    }

    private void afterTwoMoreSweeps() {
        long now = sweeps();
        await().atMost(WAIT).until(() -> sweeps() >= now + 2);
    }

}
