package io.paypipe.refund.result;

import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.money.Money;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.publish.EventPublisher;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import org.springframework.stereotype.Component;

/**
 * {@code order.refunded}: one event per SUCCESS refund, built from the stored rows only,
 * so publishing it again (a duplicated notice, a query finding it final, a retry after a
 * failed publish) is the same event with the same id ({@link OrderRefunded#idFor}).
 */
@Component
public class RefundedEvents {

    private final RefundRepository refunds;

    private final EventPublisher publisher;

    RefundedEvents(RefundRepository refunds, EventPublisher publisher) {
        this.refunds = refunds;
        this.publisher = publisher;
    }

    /** The event of a SUCCESS refund. */
    public OrderRefunded of(RefundRow r) {
        long refundedTotal = refunds.refundedThrough(r.id());
        return new OrderRefunded(OrderRefunded.idFor(r.orderKey(), r.refundNo()), r.orderId(), r.orderKey(),
                r.channel(), r.channelTradeNo(), r.refundNo(), r.channelRefundId().orElse(null), r.amount(),
                Money.of(refundedTotal, r.amount().currency()), r.finishedAt().orElseThrow());
    }

    /** Waits for the broker; a failure is thrown (transient). */
    public void publish(OrderRefunded event) {
        publisher.send(Topics.ORDER_REFUNDED, event.orderKey().kafkaKey(), event.eventId(), event);
    }

}
