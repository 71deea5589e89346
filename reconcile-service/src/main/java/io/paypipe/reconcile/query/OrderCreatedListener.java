package io.paypipe.reconcile.query;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.inbound.RecordValues.Required;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * {@code order.created} in reconcile-service's own consumer group
 * ({@code reconcile-order-created}) and its own retry topics
 * ({@link OrderRetryTopicsConfig}): every order gets its query chain. With
 * {@code reconcile.query.order-batch.enabled} (the default) this listener handles only
 * the retry topics' records and {@link OrderCreatedBatchListener} reads the main topic.
 */
@Component
class OrderCreatedListener {

    /** The listener's id and consumer group. */
    static final String ID = "reconcile-order-created";

    private final QueryChains chains;

    OrderCreatedListener(QueryChains chains) {
        this.chains = chains;
    }

    @KafkaListener(id = ID, topics = Topics.Names.ORDER_CREATED,
            containerFactory = "reconcileOrderCreatedContainerFactory", autoStartup = "${reconcile.query.consume:true}")
    void onOrderCreated(ConsumerRecord<String, byte[]> record) {
        chains.start(RecordValues.read(record, OrderCreated.class, OrderCreatedListener::missing));
    }

    static List<String> missing(OrderCreated o) {
        var required = new Required().field("eventId", o.eventId())
            .field("orderKey", o.orderKey())
            .field("channel", o.channel())
            .field("amount", o.amount())
            .field("createdAt", o.createdAt());
        if (o.orderKey() != null) {
            required.partsOf("orderKey", o.orderKey());
        }
        return required.missing();
    }

}
