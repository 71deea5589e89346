package io.paypipe.reconcile.config;

import io.paypipe.core.topic.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The catalogue's topics, declared like the other services do, before the watchdog's
 * streams start: Kafka Streams does not start on missing source topics, and
 * {@code payment.notify} and {@code payment.settled} must have the same partition count.
 */
@Configuration(proxyBeanMethods = false)
class TopicsConfig {

    @Bean
    KafkaAdmin.NewTopics catalogueTopics(ReconcileProperties props) {
        return new KafkaAdmin.NewTopics(Topics.all()
            .stream()
            .map(t -> new NewTopic(t.name(), props.topicPartitions(), props.topicReplicas()))
            .toArray(NewTopic[]::new));
    }

}
