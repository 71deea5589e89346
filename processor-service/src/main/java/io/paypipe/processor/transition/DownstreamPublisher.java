package io.paypipe.processor.transition;

import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.publish.EventPublisher;
import java.time.Clock;
import org.springframework.stereotype.Component;

/**
 * Publishes downstream events after commit and waits for the broker (acks=all). Events
 * are built from the stored order, so a re-publish after a crash is the same event with
 * the same id.
 */
@Component
class DownstreamPublisher {

    private final EventPublisher publisher;

    private final Clock clock;

    DownstreamPublisher(EventPublisher publisher, Clock clock) {
        this.publisher = publisher;
        this.clock = clock;
    }

    OrderPaid orderPaid(OrderRow order) {
        var tradeNo = ChannelTradeNo.of(order.channelTradeNo().orElseThrow());
        var event = new OrderPaid(OrderPaid.idFor(order.channel(), tradeNo), order.id(), order.key(), order.channel(),
                tradeNo, order.amount(), order.paidAmount().orElseThrow(), order.paidAt().orElseThrow());
        publisher.send(Topics.ORDER_PAID, order.key().kafkaKey(), event.eventId(), event);
        return event;
    }

    OrderClosed orderClosed(OrderRow order, String reason) {
        var event = new OrderClosed(EventId.derived(Topics.ORDER_CLOSED.name(), order.id().toString()), order.id(),
                order.key(), reason, clock.instant());
        publisher.send(Topics.ORDER_CLOSED, order.key().kafkaKey(), event.eventId(), event);
        return event;
    }

    void refundTask(RefundTaskCreated task) {
        publisher.send(Topics.REFUND_TASK, task.orderKey().kafkaKey(), task.eventId(), task);
    }

}
