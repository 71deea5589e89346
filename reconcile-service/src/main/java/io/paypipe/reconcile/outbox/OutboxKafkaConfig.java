package io.paypipe.reconcile.outbox;

import io.paypipe.core.topic.Json;
import io.paypipe.reconcile.config.ReconcileProperties;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;

// replaced by service-support when merged
/**
 * The outbox's producer ({@code payment.notify} again, {@code ops.alert}): the
 * catalogue's JSON without type headers, acks=all and idempotent whatever
 * {@code spring.kafka.producer.*} says, and it gives up within
 * {@code reconcile.outbox.publish-timeout} (a broker that is down ends the sweep, the
 * next one tries again).
 */
@Configuration(proxyBeanMethods = false)
class OutboxKafkaConfig {

    @Bean
    KafkaTemplate<String, Object> outboxTemplate(KafkaProperties kafka, ReconcileProperties props) {
        Map<String, Object> config = new HashMap<>(kafka.buildProducerProperties());
        int timeoutMs = Math.toIntExact(props.outbox().publishTimeout().toMillis());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeoutMs);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, timeoutMs);
        // Kafka requires delivery.timeout.ms >= linger.ms + request.timeout.ms
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, timeoutMs);
        return new KafkaTemplate<>(
                new DefaultKafkaProducerFactory<>(config, new StringSerializer(), Json.serializer()));
    }

}
