package io.paypipe.refund.query;

import io.paypipe.core.event.RefundQueryDue;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.failure.NotFinalYetException;
import io.paypipe.refund.result.RefundedEvents;
import io.paypipe.refund.send.RefundSender;
import io.paypipe.refund.send.RefundSender.Sent;
import io.paypipe.refund.store.QueryChainRepository;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import io.paypipe.refund.store.RefundSource;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Pull for refunds: a refund not final is queried at its channel and the answer applied
 * through the same state change as a notification. A refund the channel never got
 * (NotFound) is sent again with the SAME refund number (never for a refund made outside
 * the product). Still not final: {@link NotFinalYetException}, so the record climbs the
 * ladder. A refund that is final by now is left, a SUCCESS's {@code order.refunded}
 * published again. Each step of the chain marks it alive ({@code last_query_at}).
 */
@Service
class RefundQueries {

    private static final Logger log = LoggerFactory.getLogger(RefundQueries.class);

    private final RefundRepository refunds;

    private final RefundSender sender;

    private final RefundedEvents events;

    private final QueryChainRepository chains;

    private final Clock clock;

    RefundQueries(RefundRepository refunds, RefundSender sender, RefundedEvents events, QueryChainRepository chains,
            Clock clock) {
        this.refunds = refunds;
        this.sender = sender;
        this.events = events;
        this.chains = chains;
        this.clock = clock;
    }

    /**
     * {@code queryNow}: false on the main topic (the refund was just sent: the first
     * query comes after the ladder's first delay), true on its retry levels.
     */
    void handle(RefundQueryDue due, boolean queryNow) {
        Optional<RefundRow> found = refunds.find(due.refundId())
            .filter(r -> r.refundNo().equals(due.refundNo())
                    && r.orderKey().merchantId().equals(due.orderKey().merchantId()));
        if (found.isEmpty()) {
            log.warn("query of refund {} (id {}) of order {}: no such refund, nothing to query", due.refundNo(),
                    due.refundId(), due.orderKey());
            return;
        }
        RefundRow refund = found.get();
        if (refund.status().isFinal()) {
            finalAlready(refund);
            return;
        }
        chains.touch(refund.id(), clock.instant());
        if (!queryNow) {
            throw new NotFinalYetException(refund + " goes on the query ladder");
        }
        Sent sent = sender.query(refund);
        if (sent.call() instanceof RefundCall.NotFound && refund.source() != RefundSource.CHANNEL) {
            log.warn("{} of order {} is unknown at {}: sending it again with the same number", refund,
                    refund.orderKey(), refund.channel().code());
            sender.send(refund, RefundCause.QUERY);
        }
        RefundRow now = refunds.find(refund.id()).orElseThrow();
        if (!now.status().isFinal()) {
            throw new NotFinalYetException(now + " of order " + now.orderKey() + " is not final yet");
        }
    }

    private void finalAlready(RefundRow refund) {
        log.info("query of {} of order {}: final already", refund, refund.orderKey());
        if (refund.status() == RefundStatus.SUCCESS) {
            events.publish(events.of(refund));
        }
    }

}
