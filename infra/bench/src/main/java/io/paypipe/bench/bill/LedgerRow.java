package io.paypipe.bench.bill;

import io.paypipe.bench.bill.GeneratedPayments.Payment;
import io.paypipe.core.id.Channel;
import java.time.Instant;

/**
 * The {@code payment_ledger} row the benchmark seeds for one generated payment: what the
 * processor would have written had the payment's callback come (merchant, channel
 * {@code wechatpay}, the trade number, the amount as ordered and paid, CNY, paid at the
 * line's time), with made-up parts that are unique and plainly not the product's: a
 * negative {@code order_id} (the product's ids are AUTO_INCREMENT, positive; there is no
 * such order), {@code event_id} {@code bench-bill-<trade no>}, tenant {@value #TENANT}.
 */
record LedgerRow(long orderId, String tenantId, String merchantId, String channel, String channelTradeNo,
        long orderAmountMinor, long paidAmountMinor, String currency, String eventId, Instant paidAt) {

    static final String TENANT = "bench-bill";

    static LedgerRow of(GeneratedPayments day, String merchantId, Payment p) {
        long orderId = -(day.day().toEpochDay() * GeneratedPayments.MAX_LINES + p.index() + 1);
        return new LedgerRow(orderId, TENANT, merchantId, Channel.WECHATPAY.code(), p.channelTradeNo(), p.amountMinor(),
                p.amountMinor(), GeneratedPayments.CURRENCY, "bench-bill-" + p.channelTradeNo(), p.paidAt());
    }

}
