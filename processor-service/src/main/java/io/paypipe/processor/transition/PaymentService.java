package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.processor.transition.PaymentOutcome.Applied;
import io.paypipe.processor.transition.PaymentOutcome.Closed;
import io.paypipe.processor.transition.PaymentOutcome.Duplicate;
import io.paypipe.processor.transition.PaymentOutcome.Illegal;
import io.paypipe.processor.transition.PaymentOutcome.Mismatch;
import io.paypipe.processor.transition.PaymentOutcome.UnknownState;
import io.paypipe.core.order.OrderStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/** One notification: apply it in one transaction, then tell downstream. */
@Service
class PaymentService {

    private static final Logger log = LoggerFactory.getLogger(PaymentService.class);

    private final PaymentApplier applier;
    private final DownstreamPublisher publisher;
    private final AfterCommitHook afterCommit;

    PaymentService(PaymentApplier applier, DownstreamPublisher publisher, AfterCommitHook afterCommit) {
        this.applier = applier;
        this.publisher = publisher;
        this.afterCommit = afterCommit;
    }

    PaymentOutcome handle(PaymentNotified n) {
        PaymentOutcome outcome = applier.apply(n);
        afterCommit.afterCommit(n);
        switch (outcome) {
            case Applied a -> {
                log.info("order {} (id {}) PENDING -> {} by {} trade {}, raw {}", a.order().key(), a.order().id(),
                        a.order().status(), n.channel().code(), n.channelTradeNo(), n.rawId());
                var event = publisher.orderPaid(a.order());
                log.info("published order.paid {} for order {}", event.eventId(), a.order().id());
            }
            case Duplicate d when d.order().status() == OrderStatus.CLOSED -> {
                log.info("duplicate close of order {} (raw {}), re-publishing order.closed", d.order().key(), n.rawId());
                publisher.orderClosed(d.order(), n.channelState());
            }
            case Duplicate d -> {
                log.info("duplicate notification: order {} already paid by trade {} (raw {}), re-publishing order.paid",
                        d.order().key(), n.channelTradeNo(), n.rawId());
                publisher.orderPaid(d.order());
            }
            case Closed c -> {
                log.info("order {} (id {}) PENDING -> CLOSED by {} {} (raw {})", c.order().key(), c.order().id(),
                        n.channel().code(), n.channelState(), n.rawId());
                publisher.orderClosed(c.order(), n.channelState());
            }
            case Illegal i -> {
                log.warn("illegal notification {}: order {} is {}, trade {} (raw {}) set aside for a person{}",
                        i.kind(), i.order().key(), i.order().status(), n.channelTradeNo(), n.rawId(),
                        i.refundTask().map(t -> ", refund task " + t.eventId() + " for " + t.amount()).orElse(""));
                i.refundTask().ifPresent(publisher::refundTask);
                publisher.alert(i.alert());
            }
            case Mismatch m -> {
                log.warn("mismatch for order {}: {} (raw {}, trade {}) set aside for a person",
                        m.order().key(), m.what(), n.rawId(), n.channelTradeNo());
                publisher.alert(m.alert());
            }
            case UnknownState u -> {
                log.warn("unknown channel state {} for order {} (raw {}) set aside for a person",
                        u.channelState(), n.orderKey(), n.rawId());
                publisher.alert(u.alert());
            }
        }
        return outcome;
    }
}
