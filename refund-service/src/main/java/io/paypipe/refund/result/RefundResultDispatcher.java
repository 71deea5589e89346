package io.paypipe.refund.result;

import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.result.RefundChange.Changed;
import io.paypipe.refund.result.RefundChange.Conflict;
import io.paypipe.refund.result.RefundChange.Unchanged;
import io.paypipe.refund.store.RefundCause;
import io.paypipe.support.alert.AlertPublisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * After the commit of a refund change: logs it and publishes what it owes, waiting for
 * the broker. A SUCCESS publishes {@code order.refunded}; a SUCCESS reported again
 * publishes the same event again (a publish that failed after an earlier commit is made
 * good by the next report; consumers apply an event id once).
 */
@Component
public class RefundResultDispatcher {

    private static final Logger log = LoggerFactory.getLogger(RefundResultDispatcher.class);

    private final RefundedEvents events;

    private final AlertPublisher alerts;

    RefundResultDispatcher(RefundedEvents events, AlertPublisher alerts) {
        this.events = events;
        this.alerts = alerts;
    }

    public void dispatch(RefundChange change, RefundCause cause) {
        switch (change) {
            case Changed c -> {
                log.info("refund {} of order {} {} -> {} ({}){}", c.refund().refundNo(), c.refund().orderKey(),
                        c.from(), c.refund().status(), cause,
                        c.orderMove()
                            .map(m -> ", order " + c.order().id() + " " + m.from() + " -> " + m.to() + " by "
                                    + m.event())
                            .orElse(""));
                c.refunded().ifPresent(e -> {
                    events.publish(e);
                    log.info("published order.refunded {} for refund {} ({} minor units refunded of trade {})",
                            e.eventId(), e.refundNo(), e.refundedTotal().minor(), e.channelTradeNo());
                });
                c.alert().ifPresent(alerts::publish);
            }
            case Unchanged u -> {
                log.info("refund {} of order {} is {}: {} ({}) changes nothing", u.refund().refundNo(),
                        u.refund().orderKey(), u.refund().status(), u.reported(), cause);
                if (u.refund().status() == RefundStatus.SUCCESS && u.reported() == RefundStatus.SUCCESS) {
                    events.publish(events.of(u.refund()));
                }
            }
            case Conflict k -> {
                log.warn("refund {} of order {} is {}: {} ({}); alert {}", k.refund().refundNo(), k.refund().orderKey(),
                        k.refund().status(), k.alert().message(), cause, k.alert().alertKey());
                alerts.publish(k.alert());
            }
        }
    }

}
