package io.paypipe.refund.send;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.RefundQueryDue;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.publish.EventPublisher;
import io.paypipe.refund.result.RefundResults;
import io.paypipe.refund.store.QueryChainRepository;
import io.paypipe.refund.store.RefundRow;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Puts a refund that is not final on the query ladder: a {@code RefundQueryDue} on
 * {@code refund.query} (id derived from the merchant and the refund number, keyed by the
 * order). It is published right after the refund is stored, before its channel is called,
 * so a crash between the commit and the call is found by the query (NotFound: sent again
 * with the same number). Once published, the refund's {@code last_query_at} says its
 * chain is alive (the stuck-refund sweeper leaves it alone).
 */
@Component
public class QuerySchedule {

    private static final Logger log = LoggerFactory.getLogger(QuerySchedule.class);

    private final EventPublisher publisher;

    private final AlertRepository alerts;

    private final AlertPublisher alertPublisher;

    private final QueryChainRepository chains;

    private final Clock clock;

    QuerySchedule(EventPublisher publisher, AlertRepository alerts, AlertPublisher alertPublisher,
            QueryChainRepository chains, Clock clock) {
        this.publisher = publisher;
        this.alerts = alerts;
        this.alertPublisher = alertPublisher;
        this.chains = chains;
        this.clock = clock;
    }

    /** Waits for the broker; a failure is thrown (transient). */
    public void schedule(RefundRow refund) {
        var due = new RefundQueryDue(RefundQueryDue.idFor(refund.orderKey(), refund.refundNo()), refund.id(),
                refund.orderKey(), refund.channel(), refund.refundNo(), clock.instant());
        publisher.send(Topics.REFUND_QUERY, refund.orderKey().kafkaKey(), due.eventId(), due);
        chains.touch(refund.id(), clock.instant());
    }

    /**
     * For a caller that cannot retry (the refund API): a refund that could not be put on
     * the ladder is not left silent, it raises REFUND_UNRESOLVED (stored if the database
     * answers). Returns whether it is on the ladder.
     */
    public boolean scheduleOrAlert(RefundRow refund) {
        try {
            schedule(refund);
            return true;
        }
        catch (RuntimeException e) {
            log.error("refund {} of order {} could not be put on the query ladder: {}", refund.refundNo(),
                    refund.orderKey(), e.toString());
            OpsAlertRaised alert = Alerts
                .of("REFUND_UNRESOLVED:refund:" + refund.id() + ":not-queued", Kind.REFUND_UNRESOLVED, Severity.ERROR,
                        RefundResults.about(refund, null),
                        "refund " + refund.refundNo() + " is " + refund.status()
                                + " and could not be put on the query ladder: check it with the channel",
                        clock.instant());
            try {
                alerts.raise(alert);
            }
            catch (RuntimeException stored) {
                log.error("alert {} could not be stored either: {}", alert.alertKey(), stored.toString());
            }
            alertPublisher.publishQuietly(alert);
            return false;
        }
    }

}
