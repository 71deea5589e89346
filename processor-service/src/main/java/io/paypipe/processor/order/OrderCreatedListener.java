package io.paypipe.processor.order;

import io.paypipe.core.event.OrderCreated;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@Component
class OrderCreatedListener {

    private final OrderRegistry registry;

    OrderCreatedListener(OrderRegistry registry) {
        this.registry = registry;
    }

    @KafkaListener(id = "processor-order-created", topics = "order.created",
            containerFactory = "orderCreatedContainerFactory")
    void onOrderCreated(OrderCreated created) {
        registry.register(created);
    }
}
