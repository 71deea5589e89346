package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.id.Channel;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;

/**
 * Fixture rows of the comparison's tests, written as the processor, refund-service and
 * the batch runner write them: orders, ledger payments, refunds, batches and their bill
 * lines. Every test uses its own merchant; amounts are CNY fen unless a test says.
 */
final class ReconRows {

    static final String TENANT = "recon-shop";

    private static final AtomicInteger RUN_NO = new AtomicInteger(1_000);

    private final JdbcClient jdbc;

    ReconRows(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    static String newTradeNo() {
        return "T" + UUID.randomUUID().toString().replace("-", "").substring(0, 30);
    }

    static String newNo(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    }

    /** A ledger payment and its PAID order. */
    record Payment(long orderId, String outTradeNo, String tradeNo) {
    }

    long order(String merchant, Channel channel, String outTradeNo, String status) {
        KeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO orders (tenant_id, merchant_id, out_trade_no, channel, amount_minor, currency, status,
                    created_at, updated_at)
                VALUES (:tenant, :merchant, :out, :channel, 10000, 'CNY', :status, :now, :now)
                """)
            .param("tenant", TENANT)
            .param("merchant", merchant)
            .param("out", outTradeNo)
            .param("channel", channel.code())
            .param("status", status)
            .param("now", Timestamp.from(Instant.now()))
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /** A PAID order and its ledger row: {@code paidMinor} paid at {@code paidAt}. */
    Payment payment(String merchant, Channel channel, long paidMinor, Instant paidAt) {
        String out = newNo("O");
        long orderId = order(merchant, channel, out, "PAID");
        Payment p = new Payment(orderId, out, newTradeNo());
        ledger(merchant, channel, p, paidMinor, paidAt);
        return p;
    }

    /** The ledger row of {@code p} (a payment that lands). */
    void ledger(String merchant, Channel channel, Payment p, long paidMinor, Instant paidAt) {
        jdbc.sql("""
                INSERT INTO payment_ledger (order_id, tenant_id, merchant_id, channel, channel_trade_no,
                    order_amount_minor, paid_amount_minor, currency, event_id, paid_at, created_at)
                VALUES (:order, :tenant, :merchant, :channel, :trade, :paid, :paid, 'CNY', :event, :paidAt, :paidAt)
                """)
            .param("order", p.orderId())
            .param("tenant", TENANT)
            .param("merchant", merchant)
            .param("channel", channel.code())
            .param("trade", p.tradeNo())
            .param("paid", paidMinor)
            .param("event", UUID.randomUUID().toString())
            .param("paidAt", Timestamp.from(paidAt))
            .update();
    }

    /** A refund of {@code p} in {@code status}, finished at {@code finishedAt}. */
    void refund(String merchant, Channel channel, Payment p, String refundNo, String channelRefundId, long amountMinor,
            String status, Instant finishedAt) {
        jdbc.sql("""
                INSERT INTO refund (refund_no, tenant_id, merchant_id, out_trade_no, order_id, channel,
                    channel_trade_no, amount_minor, currency, status, source, channel_refund_id, finished_at,
                    created_at, updated_at)
                VALUES (:refundNo, :tenant, :merchant, :out, :order, :channel, :trade, :amount, 'CNY', :status, 'API',
                    :refundId, :finishedAt, :finishedAt, :finishedAt)
                """)
            .param("refundNo", refundNo)
            .param("tenant", TENANT)
            .param("merchant", merchant)
            .param("out", p.outTradeNo())
            .param("order", p.orderId())
            .param("channel", channel.code())
            .param("trade", p.tradeNo())
            .param("amount", amountMinor)
            .param("status", status)
            .param("refundId", channelRefundId)
            .param("finishedAt", Timestamp.from(finishedAt))
            .update();
    }

    /** A batch of a merchant's day in {@code status} (RUNNING: being compared). */
    long batch(Channel channel, String merchant, LocalDate day, String status) {
        KeyHolder keys = new GeneratedKeyHolder();
        Instant now = Instant.now();
        jdbc.sql("""
                INSERT INTO recon_batch (channel, merchant_id, bill_day, run_kind, run_no, source, status, started_at,
                    finished_at)
                VALUES (:channel, :merchant, :day, 'RERUN', :runNo, 'IMPORT', :status, :now, :finished)
                """)
            .param("channel", channel.code())
            .param("merchant", merchant)
            .param("day", day)
            .param("runNo", RUN_NO.incrementAndGet())
            .param("status", status)
            .param("now", Timestamp.from(now))
            .param("finished", "RUNNING".equals(status) ? null : Timestamp.from(now))
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /** The batch finished as the runner finishes it. */
    void finish(long batchId, String status) {
        jdbc.sql("UPDATE recon_batch SET status = :status, finished_at = :now WHERE id = :id")
            .param("status", status)
            .param("now", Timestamp.from(Instant.now()))
            .param("id", batchId)
            .update();
    }

    /** One bill line of a batch. */
    record Line(String kind, String tradeNo, Optional<String> outTradeNo, Optional<String> refundNo,
            Optional<String> channelRefundId, long amountMinor, long feeMinor, Instant at, String state) {

        static Line payment(String tradeNo, String outTradeNo, long amountMinor, long feeMinor, Instant at) {
            return new Line("PAYMENT", tradeNo, Optional.of(outTradeNo), Optional.empty(), Optional.empty(),
                    amountMinor, feeMinor, at, "SUCCESS");
        }

        static Line refund(String tradeNo, String refundNo, String channelRefundId, long amountMinor, Instant at) {
            return new Line("REFUND", tradeNo, Optional.empty(), Optional.ofNullable(refundNo),
                    Optional.ofNullable(channelRefundId), amountMinor, 0, at, "SUCCESS");
        }

        static Line fee(String tradeNo, long amountMinor, Instant at) {
            return new Line("FEE", tradeNo, Optional.empty(), Optional.empty(), Optional.empty(), amountMinor, 0, at,
                    "FEE");
        }

    }

    void lines(long batchId, Line... lines) {
        for (int i = 0; i < lines.length; i++) {
            Line l = lines[i];
            jdbc.sql("""
                    INSERT INTO recon_bill_line (batch_id, line_no, kind, channel_trade_no, out_trade_no, refund_no,
                        channel_refund_id, amount_minor, fee_minor, currency, occurred_at, channel_state)
                    VALUES (:batch, :no, :kind, :trade, :out, :refundNo, :refundId, :amount, :fee, 'CNY', :at, :state)
                    """)
                .param("batch", batchId)
                .param("no", i + 1)
                .param("kind", l.kind())
                .param("trade", l.tradeNo())
                .param("out", l.outTradeNo().orElse(null))
                .param("refundNo", l.refundNo().orElse(null))
                .param("refundId", l.channelRefundId().orElse(null))
                .param("amount", l.amountMinor())
                .param("fee", l.feeMinor())
                .param("at", Timestamp.from(l.at()))
                .param("state", l.state())
                .update();
        }
    }

}
