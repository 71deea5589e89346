package io.paypipe.ingress.rederive;

import java.util.List;
import java.util.Map;

/**
 * What a re-derive of {@code table} ({@code pay_notify_raw} or {@code pay_refund_raw})
 * did (or, in a dry run, would do): counts by {@link Action} over every row read, and one
 * line per row that is not {@link Action#UNCHANGED}. {@code nextAfterId} is set when the
 * request stopped at {@code ingress.rederive.max-rows}: send it again with
 * {@code afterId} to go on.
 */
record RederiveReport(String rederiveId, String table, boolean dryRun, String requestedBy, int scanned,
        Map<Action, Integer> counts, List<Row> rows, Long nextAfterId) {

    /** What became of one row. */
    enum Action {

        /** Dry run: the current parser derives other values; apply would re-derive it. */
        WOULD_REDERIVE,
        /** Derived columns updated (handled 0) and published again, confirmed. */
        REDERIVED,
        /**
         * Updated, but the broker did not confirm: the row is at handled=0 with its new
         * values, and reconcile-service's outbox publishes it again.
         */
        PUBLISH_FAILED,
        /** The current parser derives what is stored: nothing to do. */
        UNCHANGED,
        /**
         * The stored body failed the check (tampered, or no longer verifiable): reported,
         * never published.
         */
        REJECTED,
        /**
         * The body checks out but is another payment than the row's identity says, or no
         * payment at all: left for a person.
         */
        MISMATCH,
        /**
         * Not re-derivable here: no body on the row or in the archive, or the channel's
         * signature inputs not stored.
         */
        SKIPPED,
        /**
         * The row changed between its read and the guarded update: untouched; run again.
         */
        CONFLICT

    }

    /**
     * One row: {@code before} and {@code after} its derived values (after is null when
     * nothing was derived), {@code detail} why; {@code refundKey} the refund a
     * {@code pay_refund_raw} row is about, null for a payment.
     */
    record Row(long rawId, String channel, String orderKey, String refundKey, int handled, Action action, String before,
            String after, String detail) {

        Row with(Action action, String detail) {
            return new Row(rawId, channel, orderKey, refundKey, handled, action, before, after, detail);
        }

    }

}
