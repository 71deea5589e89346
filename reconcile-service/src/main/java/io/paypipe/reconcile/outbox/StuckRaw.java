package io.paypipe.reconcile.outbox;

import io.paypipe.reconcile.raw.RawPayment;
import java.time.Instant;

/**
 * A raw row still at handled=0 that gets a RAW_NOT_PUBLISHED alert: stored longer ago
 * than {@code reconcile.outbox.alert-after}, or (payments) due to be published again but
 * stored without its payment state ({@code stateMissing}). {@code outTradeNo} may be null
 * (a refund notice that names no order).
 */
record StuckRaw(Table table, long id, String tenantId, String merchantId, String outTradeNo, String channel,
        String channelTradeNo, Instant createdAt, boolean stateMissing) {

    /** A payment row due to be published again, as an alert names it. */
    static StuckRaw of(RawPayment row) {
        return new StuckRaw(Table.PAYMENTS, row.id(), row.tenantId(), row.merchantId(), row.outTradeNo(), row.channel(),
                row.channelTradeNo(), row.createdAt(), row.paymentState() == null);
    }

    /**
     * The two raw tables; {@code alertNoun} is the part of the alert key naming the row.
     */
    enum Table {

        PAYMENTS("pay_notify_raw", "payment"), REFUNDS("pay_refund_raw", "refund-notice");

        private final String table;

        private final String alertNoun;

        Table(String table, String alertNoun) {
            this.table = table;
            this.alertNoun = alertNoun;
        }

        String table() {
            return table;
        }

        /**
         * {@code RAW_NOT_PUBLISHED:payment:} or {@code RAW_NOT_PUBLISHED:refund-notice:},
         * the raw id follows (the processor's and refund-service's key shapes).
         */
        String alertKeyPrefix(String kind) {
            return kind + ":" + alertNoun + ":";
        }

    }

}
