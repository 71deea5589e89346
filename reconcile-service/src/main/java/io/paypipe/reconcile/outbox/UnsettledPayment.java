package io.paypipe.reconcile.outbox;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import java.time.Instant;

/**
 * A {@code pay_notify_raw} row at handled=0 that is due to be published again: the
 * columns ingress published it from. {@code paymentState}, {@code spMerchantId} and
 * {@code paidAt} may be null.
 */
record UnsettledPayment(long id, String tenantId, String merchantId, String spMerchantId, String channel,
        String channelTradeNo, String outTradeNo, String tradeState, String paymentState, long orderAmountMinor,
        long paidAmountMinor, String currency, Instant paidAt, Instant createdAt) {

    /** The event rebuilt from the row, or why it cannot be. */
    sealed interface Rebuild {

        /**
         * The same {@code PaymentNotified} ingress published: same event id, same key.
         */
        record Event(PaymentNotified event) implements Rebuild {
        }

        /** The row lacks what the event needs, or holds what it cannot take. */
        record Impossible(String reason) implements Rebuild {
        }

    }

    /**
     * What ingress published for this row: event id {@link PaymentNotified#idFor}, the
     * state and amounts as stored, received at {@code created_at} (the first delivery).
     */
    Rebuild rebuild() {
        if (paymentState == null) {
            return new Rebuild.Impossible("stored without payment_state (before V10)");
        }
        try {
            OrderKey key = orderKey();
            return new Rebuild.Event(new PaymentNotified(PaymentNotified.idFor(id), id, Channel.fromCode(channel), key,
                    spMerchantId == null ? null : MerchantId.of(spMerchantId), ChannelTradeNo.of(channelTradeNo),
                    PaymentState.valueOf(paymentState), tradeState, Money.of(orderAmountMinor, currency),
                    Money.of(paidAmountMinor, currency), paidAt, createdAt));
        }
        catch (IllegalArgumentException | NullPointerException e) {
            return new Rebuild.Impossible("cannot be read back: " + e.getClass().getSimpleName());
        }
    }

    /** The row as an alert names it. */
    StuckRaw stuck() {
        return new StuckRaw(StuckRaw.Table.PAYMENTS, id, tenantId, merchantId, outTradeNo, channel, channelTradeNo,
                createdAt, paymentState == null);
    }

    private OrderKey orderKey() {
        return new OrderKey(TenantId.of(tenantId), MerchantId.of(merchantId), OutTradeNo.of(outTradeNo));
    }

}
