package io.paypipe.processor.transition;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.publish.EventPublisher;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.kafka.EventSender;
import java.time.Clock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Publishes downstream events after commit (acks=all) through the caller's {@link Sends}:
 * awaited one by one ({@link #awaiting}) or as a batch ({@link BatchSends}). Events are
 * built from the stored order, so a re-publish after a crash is the same event with the
 * same id. A failure is thrown (the record is retried), except for a raw row's settlement
 * ({@link #settled}), which is an observation for reconcile-service's watchdog, not a
 * business effect.
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

    /** Each event sent and confirmed before the next; alerts through {@code alerts}. */
    Sends awaiting(AlertPublisher alerts) {
        return new Sends() {
            @Override
            public <V> void send(Topic<V> topic, String key, EventId eventId, V event) {
                publisher.send(topic, key, eventId, event);
            }

            @Override
            public void alert(OpsAlertRaised alert) {
                alerts.publish(alert);
            }
        };
    }

    /**
     * Each event sent without waiting, handed to {@code sent}; alerts the same way
     * through {@code alerts}.
     */
    Sends later(AlertPublisher alerts, Consumer<EventSender.Pending> sent) {
        return new Sends() {
            @Override
            public <V> void send(Topic<V> topic, String key, EventId eventId, V event) {
                sent.accept(publisher.sendLater(topic, key, eventId, event));
            }

            @Override
            public void alert(OpsAlertRaised alert) {
                sent.accept(alerts.publishLater(alert));
            }
        };
    }

    OrderPaid orderPaid(OrderRow order, Sends sends) {
        var tradeNo = ChannelTradeNo.of(order.channelTradeNo().orElseThrow());
        var event = new OrderPaid(OrderPaid.idFor(order.channel(), tradeNo), order.id(), order.key(), order.channel(),
                tradeNo, order.amount(), order.paidAmount().orElseThrow(), order.paidAt().orElseThrow());
        sends.send(Topics.ORDER_PAID, order.key().kafkaKey(), event.eventId(), event);
        return event;
    }

    OrderClosed orderClosed(OrderRow order, String reason, Sends sends) {
        var event = new OrderClosed(EventId.derived(Topics.ORDER_CLOSED.name(), order.id().toString()), order.id(),
                order.key(), reason, clock.instant());
        sends.send(Topics.ORDER_CLOSED, order.key().kafkaKey(), event.eventId(), event);
        return event;
    }

    void refundTask(RefundTaskCreated task, Sends sends) {
        sends.send(Topics.REFUND_TASK, task.orderKey().kafkaKey(), task.eventId(), task);
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
        var event = settlement(rawId, channel, orderKey, outcome);
        try {
            publisher.send(Topics.PAYMENT_SETTLED, orderKey.kafkaKey(), event.eventId(), event);
        }
        catch (RuntimeException e) {
            notPublished(event, e);
        }
    }

    /** A settlement on its way (the batch path's), awaited by {@link #confirm}. */
    record Settling(NotificationSettled event, EventSender.Pending pending) {
    }

    /**
     * As {@link #settled}, without waiting: the batch path sends all of its settlements,
     * then waits for each with {@link #confirm}.
     */
    Settling settledLater(long rawId, Channel channel, OrderKey orderKey, RawOutcome outcome) {
        var event = settlement(rawId, channel, orderKey, outcome);
        return new Settling(event,
                publisher.sendLater(Topics.PAYMENT_SETTLED, orderKey.kafkaKey(), event.eventId(), event));
    }

    /**
     * Waits for {@code settling} until {@code deadlineNanos}; a settlement the broker did
     * not take is logged as {@link #settled} logs it, not thrown.
     */
    void confirm(Settling settling, long deadlineNanos) {
        try {
            settling.pending().await(deadlineNanos);
        }
        catch (RuntimeException e) {
            notPublished(settling.event(), e);
        }
    }

    private void notPublished(NotificationSettled event, RuntimeException e) {
        log.error(
                "settlement {} of raw {} (notification {}, order {}, outcome {}) not published: {}; "
                        + "the settlement is committed, the watchdog will alert about the notification",
                event.eventId(), event.rawId(), event.notifyEventId(), event.orderKey(), event.outcome(), e.toString());
    }

    private NotificationSettled settlement(long rawId, Channel channel, OrderKey orderKey, RawOutcome outcome) {
        return new NotificationSettled(NotificationSettled.idFor(rawId, outcome), PaymentNotified.idFor(rawId), rawId,
                channel, orderKey, outcome, clock.instant());
    }

}
