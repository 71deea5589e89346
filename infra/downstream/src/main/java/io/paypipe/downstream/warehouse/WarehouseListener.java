package io.paypipe.downstream.warehouse;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import io.paypipe.downstream.batch.BatchApplier;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Ships each paid order once: one shipment per event id, a poll's records in one
 * transaction ({@link BatchApplier}).
 */
@Component
class WarehouseListener {

    private static final Logger log = LoggerFactory.getLogger(WarehouseListener.class);

    private final BatchApplier<OrderPaid> shipments;

    WarehouseListener(ShipmentRepository shipments, PlatformTransactionManager transactions, Clock clock) {
        this.shipments = new BatchApplier<>("warehouse", shipments, transactions, clock, log);
    }

    @KafkaListener(id = "warehouse", topics = Topics.Names.ORDER_PAID, containerFactory = "orderPaidContainerFactory")
    void onOrderPaid(List<ConsumerRecord<String, OrderPaid>> records) {
        shipments.onBatch(records);
    }

}
