package io.paypipe.reconcile.status;

import java.time.Instant;
import java.util.Optional;

/** One morning number: how many rows, and the oldest of them (none when zero). */
record Figure(long count, Optional<Oldest> oldest) {

    /**
     * What the oldest example's id is: a raw row's, an order's, a reconciliation batch's
     * or a reconciliation difference's.
     */
    enum Ref {

        RAW, ORDER, BATCH, DIFF

    }

    /**
     * The oldest row counted; {@code since} is the time its age counts from (stored, set
     * aside, created). {@code outTradeNo} may be null (a refund notice naming no order, a
     * batch, a difference).
     */
    record Oldest(Ref ref, long id, String channel, String merchantId, String outTradeNo, Instant since) {
    }

}
