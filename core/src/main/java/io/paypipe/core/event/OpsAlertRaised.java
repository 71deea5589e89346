package io.paypipe.core.event;

import org.jspecify.annotations.Nullable;

import io.paypipe.core.id.EventId;
import java.time.Instant;

/**
 * Something a person must look at. {@code alertKey} identifies the alert (kind + the row
 * it is about) so that raising it again is harmless; the event id is derived from it. The
 * references are null when unknown.
 */
public record OpsAlertRaised(EventId eventId, String alertKey, Kind kind, Severity severity, @Nullable String tenantId,
        @Nullable String merchantId, @Nullable String outTradeNo, @Nullable String channel,
        @Nullable String channelTradeNo, @Nullable Long rawId, String message, Instant raisedAt) {

    public enum Kind {

        /**
         * A second trade paid an order already paid: the money goes back (refund task).
         */
        DOUBLE_PAYMENT,
        /**
         * A payment for an order the merchant cancelled: the money goes back (refund
         * task).
         */
        PAID_AFTER_CLOSE,
        /**
         * Raised before issue 10 for a close of a paid order (now
         * {@link #CLOSE_CONFLICT}); kept for stored rows.
         */
        ILLEGAL_TRANSITION,
        /**
         * Tenant, service provider, channel, currency or order amount differ from the
         * order.
         */
        MISMATCH,
        /** A channel state the product does not know. */
        UNKNOWN_STATE,
        /**
         * The order never arrived: the notification was given up after the whole retry
         * ladder.
         */
        UNKNOWN_ORDER,
        /**
         * Given up after the whole retry ladder for another transient reason (database,
         * broker).
         */
        GAVE_UP,
        /**
         * The channel both closed an order (or the trade) and reported a payment for it:
         * the payment is kept, the close overruled; a person checks with the channel.
         */
        CLOSE_CONFLICT,
        /**
         * A record on a dead-letter topic that could not be read or lacks required
         * fields.
         */
        DEAD_LETTER,
        /**
         * An event was committed to the database but could not be published (a rejection
         * no retry fixes).
         */
        DOWNSTREAM_NOT_PUBLISHED,
        /**
         * An OrderCreated for an existing order with other amount, currency, channel,
         * tenant or provider.
         */
        ORDER_CONFLICT,
        /**
         * An OrderCreated that could not be stored after its whole retry ladder, or could
         * not be read.
         */
        ORDER_NOT_STORED,
        /**
         * The channel could not pay a refund out (WeChat ABNORMAL): a person acts; a
         * later SUCCESS still applies.
         */
        REFUND_ABNORMAL,
        /**
         * A refund notice (e.g. from the channel's dashboard) matches no payment of ours.
         */
        REFUND_UNMATCHED,
        /** A refund still not final after its whole query ladder. */
        REFUND_UNRESOLVED,
        /**
         * The channel reports a refund against what is stored (SUCCESS after FAIL,
         * another amount).
         */
        REFUND_CONFLICT,
        /** An automatic refund (double payment, paid after close) the channel refused. */
        REFUND_TASK_FAILED,
        /**
         * A notification with no settlement on {@code payment.settled} within the
         * watchdog's deadline (reconcile-service).
         */
        NOTIFICATION_UNSETTLED,
        /**
         * A raw notification row still at handled=0 after the second threshold, though it
         * was published again.
         */
        RAW_NOT_PUBLISHED,
        /**
         * A query answer the product cannot map, or an order not found under its merchant
         * after the whole query ladder: a person decides.
         */
        QUERY_UNDECIDED,
        /** Closing an expired order at its channel failed. */
        ORDER_CLOSE_FAILED,
        /** The channel reports the order paid while we closed it after its expiry. */
        PAID_DURING_CLOSE,
        /**
         * A channel's bill for a merchant's day could not be called complete (a guard of
         * reconcile-service blocked the batch: no summary, rows missing, counts or totals
         * that disagree, a drop, an error page, another day's bill): nobody may call the
         * day reconciled until a person looks.
         */
        RECON_BLOCKED,
        /**
         * Reconciling a merchant's day found differences between the channel's bill and
         * the ledger or refunds that did not resolve themselves: they wait in
         * {@code recon_diff} for a person.
         */
        RECON_DIFFS,
        /**
         * An operator paused the processor's payment consumers ({@code POST
         * /ops/consumers/pause}) and has not resumed them within
         * {@code processor.pause-alert-after}: no payment is applied until they are.
         */
        CONSUMERS_PAUSED,
        /**
         * A changed merchants file that a service could not use (unreadable, not YAML, an
         * entry that breaks a rule, a key that does not parse): the service keeps the
         * previous one; a key rotation has not taken effect until a person fixes the
         * file.
         */
        MERCHANTS_FILE_INVALID,
        /**
         * A run of reconcile-service's raw-body retention, or of the processor's
         * replay-audit purge, failed (database): the rows stay until a run succeeds.
         */
        RETENTION_FAILED,
        /**
         * An operator's re-derive of a raw row ({@code POST /ops/rederive} on ingress)
         * found its stored body failing the check (tampered with, or no longer
         * verifiable) or naming another payment than the row: nothing was published; a
         * person looks at the row.
         */
        RAW_REDERIVE_REJECTED

    }

    public enum Severity {

        WARN, ERROR

    }

    public static EventId idFor(String alertKey) {
        return EventId.derived("ops.alert", alertKey);
    }
}
