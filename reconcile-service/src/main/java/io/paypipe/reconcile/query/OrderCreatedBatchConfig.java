package io.paypipe.reconcile.query;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.support.kafka.BatchListeners;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.KafkaListenerConfigurer;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.retrytopic.DestinationTopicResolver;

/**
 * The batch listener of {@code order.created} ({@link OrderCreatedBatchListener}), when
 * {@code reconcile.query.consume} and {@code reconcile.query.order-batch.enabled}: it
 * reads the main topic in {@link OrderCreatedListener}'s consumer group
 * ({@value OrderCreatedListener#ID}), whose retry and dead-letter topics keep handling
 * records one by one, and a record it gives up on is forwarded to them exactly as the
 * per-record listener's would be ({@link BatchListeners}).
 */
@Configuration(proxyBeanMethods = false)
class OrderCreatedBatchConfig {

    /** The batch listener's id (not a prefix of the per-record listener's). */
    static final String ID = "reconcile-orders-batch";

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, byte[]> reconcileOrderCreatedBatchContainerFactory(
            KafkaProperties kafka, ReconcileProperties props, DestinationTopicResolver destinations,
            MeterRegistry meters) {
        return BatchListeners.containerFactory(kafka, props, destinations, OrderCreatedListener.ID,
                props.query().orderBatch().maxRecords(), BatchListeners.Gather.KAFKA_DEFAULTS, meters);
    }

    @Bean
    KafkaListenerConfigurer reconcileOrderCreatedBatchEndpoint(ReconcileProperties props,
            OrderCreatedBatchListener listener,
            ConcurrentKafkaListenerContainerFactory<String, byte[]> reconcileOrderCreatedBatchContainerFactory) {
        if (!props.query().consume() || !props.query().orderBatch().enabled()) {
            return registrar -> {
            };
        }
        return registrar -> BatchListeners.register(registrar, ID, OrderCreatedListener.ID, Topics.ORDER_CREATED.name(),
                listener, reconcileOrderCreatedBatchContainerFactory);
    }

}
