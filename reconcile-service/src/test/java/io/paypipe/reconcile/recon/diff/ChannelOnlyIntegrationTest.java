package io.paypipe.reconcile.recon.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.reconcile.recon.diff.ReconRows.Line;
import io.paypipe.reconcile.recon.diff.ReconRows.Payment;
import io.paypipe.reconcile.support.Rows;
import io.paypipe.reconcile.support.TopicRecords;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A payment only the channel has: its order is queried at the channel
 * ({@code BILL_CHANNEL_ONLY} on {@code payment.query}, read here: no query chain runs in
 * this context), and the ledger sweep resolves the difference once the payment lands in
 * the ledger.
 */
class ChannelOnlyIntegrationTest extends DiffIntegrationBase {

    private static TopicRecords<PaymentQueryDue> queries;

    @BeforeAll
    static void openQueries() {
        TestInfra.get().broker().createTopics(List.of(Topics.PAYMENT_QUERY.name()), Topics.DEFAULT_PARTITIONS);
        queries = new TopicRecords<>(Topics.PAYMENT_QUERY, bootstrapServers());
    }

    @AfterAll
    static void closeQueries() {
        queries.close();
    }

    @Test
    void givenBillPaymentsOfAPendingAndAClosedOrder_whenCompared_thenEachOrderIsQueriedOnceAndThePaidOneResolves() {
        // Given: the ledger lacks both payments; one order PENDING, one CLOSED, one PAID
        // by another trade
        String m = Rows.newMerchant();
        String pendingOut = ReconRows.newNo("O");
        String closedOut = ReconRows.newNo("O");
        String paidOut = ReconRows.newNo("O");
        long pendingId = recon.order(m, Channel.WECHATPAY, pendingOut, "PENDING");
        recon.order(m, Channel.WECHATPAY, closedOut, "CLOSED");
        recon.order(m, Channel.WECHATPAY, paidOut, "PAID");
        Payment pending = new Payment(pendingId, pendingOut, ReconRows.newTradeNo());
        String closedTrade = ReconRows.newTradeNo();
        long batch = batch(m, Line.payment(pending.tradeNo(), pendingOut, 1_000, 6, beijing(DAY, "10:00:00")),
                Line.payment(closedTrade, closedOut, 2_000, 12, beijing(DAY, "11:00:00")),
                Line.payment(ReconRows.newTradeNo(), paidOut, 3_000, 18, beijing(DAY, "12:00:00")));

        // When
        DiffCounts counts = compare(batch, m);

        // Then: one query per PENDING or CLOSED order, none for the PAID one
        assertThat(counts.openByCategory()).containsEntry(Category.CHANNEL_ONLY, 3L);
        assertQueriedOnce(ReconRows.TENANT + "|" + m + "|" + pendingOut);
        assertQueriedOnce(ReconRows.TENANT + "|" + m + "|" + closedOut);
        assertThat(queries.recordsFor(ReconRows.TENANT + "|" + m + "|" + paidOut)).isEmpty();
        assertThat(diffs(m)).extracting(d -> d.get("handle_note"))
            .containsExactlyInAnyOrder("order PENDING: queried at the channel (batch " + batch + ")",
                    "order CLOSED: queried at the channel (batch " + batch + ")", "order is PAID: not queried");

        // When: the query found the pending order's payment and the processor booked it
        recon.ledger(m, Channel.WECHATPAY, pending, 1_000, beijing(DAY, "10:00:00"));

        // Then: the sweep resolves its difference, the others stay open
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(
                    () -> assertThat(diffs(m)).filteredOn(d -> pending.tradeNo().equals(d.get("channel_trade_no")))
                        .singleElement()
                        .satisfies(d -> assertThat(d).containsEntry("handle_status", "RESOLVED")
                            .containsEntry("handled_by", "ledger")
                            .containsEntry("handle_note", "payment landed")));
        assertThat(diffs(m)).filteredOn(d -> "OPEN".equals(d.get("handle_status"))).hasSize(2);
    }

    private void assertQueriedOnce(String orderKey) {
        List<ConsumerRecord<String, PaymentQueryDue>> records = queries.recordsFor(orderKey);
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.value().reason()).isEqualTo(Reason.BILL_CHANNEL_ONLY);
            assertThat(r.value().channel()).isEqualTo(Channel.WECHATPAY);
            assertThat(r.value().attempt()).isZero();
        });
    }

}
