package io.paypipe.ingress.config;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.ProducerFactory;

/** The clock and the one producer of ingress. */
@Configuration(proxyBeanMethods = false)
class IngressConfiguration {

    @Bean
    @ConditionalOnMissingBean
    Clock clock() {
        return Clock.systemUTC();
    }

    /**
     * The producer for {@code payment.notify}, with the topic's own serializers. Whatever
     * {@code spring.kafka.producer.*} says, it waits for all in-sync replicas, is idempotent and gives up
     * within {@code ingress.publish-timeout}: a callback must be answered within WeChat's 5 seconds, and a
     * down broker must turn into a fail ack (so the channel pushes again), not a hung request.
     */
    @Bean
    ProducerFactory<String, PaymentNotified> paymentNotifyProducerFactory(KafkaProperties kafka,
                                                                          IngressProperties properties) {
        Map<String, Object> config = kafka.buildProducerProperties();
        int timeoutMs = Math.toIntExact(properties.publishTimeout().toMillis());
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeoutMs);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, timeoutMs);
        // Kafka requires delivery.timeout.ms >= linger.ms + request.timeout.ms
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, timeoutMs);
        Topic<PaymentNotified> topic = Topics.PAYMENT_NOTIFY;
        return new DefaultKafkaProducerFactory<>(config, topic.keySerializer(), topic.valueSerializer());
    }

    @Bean
    KafkaTemplate<String, PaymentNotified> paymentNotifyTemplate(ProducerFactory<String, PaymentNotified> factory) {
        KafkaTemplate<String, PaymentNotified> template = new KafkaTemplate<>(factory);
        template.setDefaultTopic(Topics.PAYMENT_NOTIFY.name());
        return template;
    }
}
