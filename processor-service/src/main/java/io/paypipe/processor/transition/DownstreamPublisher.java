package io.paypipe.processor.transition;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.publish.EventPublisher;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Publishes downstream events after commit and waits for the broker (acks=all). Events
 * are built from the stored order, so a re-publish after a crash is the same event with
 * the same id. A failure is thrown (the record is retried), except for a raw row's
 * settlement ({@link #settled}), which is an observation for reconcile-service's
 * watchdog, not a business effect.
 */
@Component
class DownstreamPublisher {

    private static final Logger log = LoggerFactory.getLogger(DownstreamPublisher.class);

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

    /**
     * {@link NotificationSettled} for raw row {@code rawId}, which the committed
     * transaction left with {@code outcome}, on {@code payment.settled} under the key of
     * its notification (the order's). Its id comes from the row and the outcome, so a
     * redelivered notification that finds its row settled publishes the same event again.
     * A failure is logged at ERROR with the ids and NOT thrown: the settlement is
     * committed and the downstream events are out, and a retry of the whole record for
     * the sake of this record would add nothing but load; the watchdog alerts a person
     * about the notification after its deadline (10 minutes), and a redelivery of the
     * notification would publish it again.
     */
    void settled(long rawId, Channel channel, OrderKey orderKey, RawOutcome outcome) {
        var event = new NotificationSettled(NotificationSettled.idFor(rawId, outcome), PaymentNotified.idFor(rawId),
                rawId, channel, orderKey, outcome, clock.instant());
        try {
            publisher.send(Topics.PAYMENT_SETTLED, orderKey.kafkaKey(), event.eventId(), event);
        }
        catch (RuntimeException e) {
            log.error(
                    "settlement {} of raw {} (notification {}, order {}, outcome {}) not published: {}; "
                            + "the settlement is committed, the watchdog will alert about the notification",
                    event.eventId(), rawId, event.notifyEventId(), orderKey, outcome, e.toString());
        }
    }

}
