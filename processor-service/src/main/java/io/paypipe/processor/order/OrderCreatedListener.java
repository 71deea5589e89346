package io.paypipe.processor.order;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.inbound.RecordValues.Required;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code order.created} and its retry topics (see
 * {@link OrderRetryTopicsConfig}) as bytes: a record it cannot read goes straight to
 * {@code order.created-dlt}; a store that fails (database down) climbs the retry topics.
 */
@Component
class OrderCreatedListener {

    private final OrderRegistry registry;

    OrderCreatedListener(OrderRegistry registry) {
        this.registry = registry;
    }

    @KafkaListener(id = "processor-order-created", topics = Topics.Names.ORDER_CREATED,
            containerFactory = "orderCreatedContainerFactory")
    void onOrderCreated(ConsumerRecord<String, byte[]> record) {
        registry.register(RecordValues.read(record, OrderCreated.class, OrderCreatedListener::missing));
    }

    static List<String> missing(OrderCreated o) {
        return new Required().field("eventId", o.eventId())
            .field("orderKey", o.orderKey())
            .field("channel", o.channel())
            .field("amount", o.amount())
            .field("createdAt", o.createdAt())
            .partsOf("orderKey", o.orderKey())
            .missing();
    }

}
