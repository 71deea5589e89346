package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OrderClosed;
import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.processor.failure.DownstreamPublishException;
import io.paypipe.processor.order.OrderRow;
import java.time.Clock;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Publishes downstream events after commit and waits for the broker (acks=all). Events are built from the
 * stored order, so a re-publish after a crash is the same event with the same id.
 */
@Component
class DownstreamPublisher {

    private final KafkaTemplate<String, Object> template;
    private final ProcessorProperties props;
    private final Clock clock;

    DownstreamPublisher(KafkaTemplate<String, Object> downstreamTemplate, ProcessorProperties props, Clock clock) {
        this.template = downstreamTemplate;
        this.props = props;
        this.clock = clock;
    }

    OrderPaid orderPaid(OrderRow order) {
        var tradeNo = io.paypipe.core.id.ChannelTradeNo.of(order.channelTradeNo().orElseThrow());
        var event = new OrderPaid(OrderPaid.idFor(order.channel(), tradeNo), order.id(), order.key(), order.channel(),
                tradeNo, order.amount(), order.paidAmount().orElseThrow(), order.paidAt().orElseThrow());
        send(Topics.ORDER_PAID, order.key().kafkaKey(), event.eventId(), event);
        return event;
    }

    OrderClosed orderClosed(OrderRow order, String reason) {
        var event = new OrderClosed(EventId.derived("order.closed", order.id().toString()), order.id(), order.key(),
                reason, clock.instant());
        send(Topics.ORDER_CLOSED, order.key().kafkaKey(), event.eventId(), event);
        return event;
    }

    void refundTask(RefundTaskCreated task) {
        send(Topics.REFUND_TASK, task.orderKey().kafkaKey(), task.eventId(), task);
    }

    /** Keyed like the order it is about, so an order's alerts stay in order. */
    void alert(OpsAlertRaised alert) {
        String key = alert.tenantId() + "|" + alert.merchantId() + "|" + alert.outTradeNo();
        send(Topics.OPS_ALERT, key, alert.eventId(), alert);
    }

    private <V> void send(Topic<V> topic, String key, EventId eventId, V event) {
        try {
            template.send(topic.name(), key, event)
                    .get(props.publishTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DownstreamPublishException(topic.name(), eventId, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new DownstreamPublishException(topic.name(), eventId, e);
        }
    }
}
