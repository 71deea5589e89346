package io.paypipe.reconcile.raw;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;

/**
 * A {@code pay_notify_raw} row as far as its {@code PaymentNotified} needs it: the
 * columns ingress (a callback) or the active query (a query that found the payment)
 * stored. {@code paymentState}, {@code spMerchantId} and {@code paidAt} may be null.
 */
public record RawPayment(long id, String tenantId, String merchantId, String spMerchantId, String channel,
        String channelTradeNo, String outTradeNo, String tradeState, String paymentState, long orderAmountMinor,
        long paidAmountMinor, String currency, Instant paidAt, Instant createdAt, String source) {

    /** The columns {@link #read} reads, for a SELECT. */
    public static final String COLUMNS = "id, tenant_id, merchant_id, sp_merchant_id, channel, channel_trade_no,"
            + " out_trade_no, trade_state, payment_state, order_amount_minor, paid_amount_minor, currency, paid_at,"
            + " created_at, source";

    /** The event rebuilt from the row, or why it cannot be. */
    public sealed interface Rebuild {

        /**
         * The {@code PaymentNotified} of the row: always the same event id and key.
         */
        record Event(PaymentNotified event) implements Rebuild {
        }

        /** The row lacks what the event needs, or holds what it cannot take. */
        record Impossible(String reason) implements Rebuild {
        }

    }

    /** The current row of {@code rs} (selected with {@link #COLUMNS}). */
    public static RawPayment read(ResultSet rs) throws SQLException {
        return new RawPayment(rs.getLong("id"), rs.getString("tenant_id"), rs.getString("merchant_id"),
                rs.getString("sp_merchant_id"), rs.getString("channel"), rs.getString("channel_trade_no"),
                rs.getString("out_trade_no"), rs.getString("trade_state"), rs.getString("payment_state"),
                rs.getLong("order_amount_minor"), rs.getLong("paid_amount_minor"), rs.getString("currency"),
                instant(rs, "paid_at"), instant(rs, "created_at"), rs.getString("source"));
    }

    /**
     * What ingress published for this row (and what the active query publishes for its
     * own): event id {@link PaymentNotified#idFor}, the state and amounts as stored,
     * received at {@code created_at} (the first delivery).
     */
    public Rebuild rebuild() {
        if (paymentState == null) {
            return new Rebuild.Impossible("stored without payment_state (before V10)");
        }
        try {
            return new Rebuild.Event(new PaymentNotified(PaymentNotified.idFor(id), id, Channel.fromCode(channel),
                    orderKey(), spMerchantId == null ? null : MerchantId.of(spMerchantId),
                    ChannelTradeNo.of(channelTradeNo), PaymentState.valueOf(paymentState), tradeState,
                    Money.of(orderAmountMinor, currency), Money.of(paidAmountMinor, currency), paidAt, createdAt));
        }
        catch (IllegalArgumentException | NullPointerException e) {
            return new Rebuild.Impossible("cannot be read back: " + e.getClass().getSimpleName());
        }
    }

    public OrderKey orderKey() {
        return new OrderKey(TenantId.of(tenantId), MerchantId.of(merchantId), OutTradeNo.of(outTradeNo));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }

}
