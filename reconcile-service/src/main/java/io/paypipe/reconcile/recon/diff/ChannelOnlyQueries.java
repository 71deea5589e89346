package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.publish.EventPublisher;
import io.paypipe.reconcile.recon.diff.BatchLines.ChannelOnly;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A payment the bill lists and the ledger lacks (CHANNEL_ONLY) is repaired by the normal
 * path: its order (the merchant's, by the line's out_trade_no), if PENDING or CLOSED, is
 * queried at the channel once, at once: one {@link PaymentQueryDue} with reason
 * {@link Reason#BILL_CHANNEL_ONLY} (attempt 0, due now, expiring after
 * {@code reconcile.query.expiry}) on {@code payment.query}, keyed by the order, its id
 * derived from the batch and the trade (a rerun asks again, a retry of the same batch
 * does not). The active query's {@code OutsideQuery} asks the channel; a Paid answer goes
 * the callback's way (the processor handles a payment of a closed order), and the ledger
 * sweep ({@link DiffSweep}) resolves the difference once the payment lands. Every such
 * difference gets a note of what became of it: no such order, an order in another status
 * (not queried), queried, or a query that could not be published (the difference stays
 * OPEN, the batch's RECON_DIFFS alert names it, the next run asks again).
 */
@Component
class ChannelOnlyQueries {

    private static final Logger log = LoggerFactory.getLogger(ChannelOnlyQueries.class);

    private final BatchLines lines;

    private final DiffRepository diffs;

    private final EventPublisher publisher;

    private final Duration expiry;

    private final Clock clock;

    ChannelOnlyQueries(BatchLines lines, DiffRepository diffs, EventPublisher publisher, ReconcileProperties props,
            Clock clock) {
        this.lines = lines;
        this.diffs = diffs;
        this.publisher = publisher;
        this.expiry = props.query().expiry();
        this.clock = clock;
    }

    /** Notes and queries the batch's CHANNEL_ONLY payments; the queries published. */
    int schedule(BatchScope scope) {
        int noted = lines.noteChannelOnly(scope.batchId());
        if (noted == 0) {
            return 0;
        }
        int published = 0;
        for (ChannelOnly c : lines.toQuery(scope.batchId())) {
            published += publish(scope, c) ? 1 : 0;
        }
        log.info("{}: {} payments only the channel has, {} queried at the channel", scope, noted, published);
        return published;
    }

    private boolean publish(BatchScope scope, ChannelOnly c) {
        OrderColumns order = c.order();
        Instant now = clock.instant();
        PaymentQueryDue due = new PaymentQueryDue(
                EventId.derived(Topics.Names.PAYMENT_QUERY, "bill-channel-only", scope.channel().code(),
                        c.channelTradeNo(), Long.toString(scope.batchId())),
                order.key(), order.spMerchantId().orElse(null), order.channel(), Reason.BILL_CHANNEL_ONLY, 0, now,
                now.plus(expiry));
        try {
            publisher.send(Topics.PAYMENT_QUERY, order.key().kafkaKey(), due.eventId(), due);
            log.info("{}: trade {} only in the bill, order {} ({}) queried: {}", scope, c.channelTradeNo(), order.key(),
                    order.status(), due.eventId());
            return true;
        }
        catch (RuntimeException e) {
            log.error("{}: trade {} only in the bill, the query of order {} was not published: {}", scope,
                    c.channelTradeNo(), order.key(), e.toString());
            diffs.note(c.diffId(),
                    "query not published (" + e.getClass().getSimpleName() + "); the next run asks again", now);
            return false;
        }
    }

}
