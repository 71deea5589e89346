package io.paypipe.downstream.warehouse;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** Ships each paid order once: one shipment per event id. */
@Component
class WarehouseListener {

    private static final Logger log = LoggerFactory.getLogger(WarehouseListener.class);

    private final ShipmentRepository shipments;

    private final Clock clock;

    WarehouseListener(ShipmentRepository shipments, Clock clock) {
        this.shipments = shipments;
        this.clock = clock;
    }

    @KafkaListener(id = "warehouse", topics = Topics.Names.ORDER_PAID, containerFactory = "orderPaidContainerFactory")
    void onOrderPaid(OrderPaid paid) {
        try {
            shipments.insert(paid, clock.instant());
            log.info("warehouse: shipped order {} (event {})", paid.orderId(), paid.eventId());
        }
        catch (DuplicateKeyException e) {
            log.info("warehouse: event {} for order {} already shipped, skipped", paid.eventId(), paid.orderId());
        }
    }

}
