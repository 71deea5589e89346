package io.paypipe.refund.task;

import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.inbound.RecordValues.Required;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code refund.task} and its retry topics ({@link TaskRetryTopicsConfig}) as
 * bytes: each task becomes one refund ({@link TaskRefunds}).
 */
@Component
class RefundTaskListener {

    private final TaskRefunds tasks;

    RefundTaskListener(TaskRefunds tasks) {
        this.tasks = tasks;
    }

    @KafkaListener(id = "refund-task", topics = Topics.Names.REFUND_TASK,
            containerFactory = "refundTaskContainerFactory")
    void onRefundTask(ConsumerRecord<String, byte[]> record) {
        tasks.handle(RecordValues.read(record, RefundTaskCreated.class, RefundTaskListener::missing));
    }

    static List<String> missing(RefundTaskCreated t) {
        return new Required().field("eventId", t.eventId())
            .field("orderId", t.orderId())
            .field("orderKey", t.orderKey())
            .field("channel", t.channel())
            .field("channelTradeNo", t.channelTradeNo())
            .field("amount", t.amount())
            .field("reason", t.reason())
            .missing();
    }

}
