package io.paypipe.support.topic;

import io.paypipe.core.topic.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * The topics a service declares and the admin that creates them: every topic of the
 * catalogue with the service's {@link TopicSettings} (whichever service starts first
 * creates them all, the same way), and a {@link FloorCheckingKafkaAdmin} in place of
 * Spring Boot's {@code KafkaAdmin} (which backs off), configured from
 * {@code spring.kafka.admin.*} as Boot's would be. Imported by
 * {@link io.paypipe.support.ServiceSupportConfiguration} and by ingress, which needs one
 * {@link TopicSettings} bean (the service's properties record).
 */
@Configuration(proxyBeanMethods = false)
public class TopicsConfiguration {

    @Bean
    KafkaAdmin kafkaAdmin(KafkaProperties kafka, TopicSettings settings) {
        KafkaProperties.Admin properties = kafka.getAdmin();
        var admin = new FloorCheckingKafkaAdmin(kafka.buildAdminProperties(), settings);
        admin.setFatalIfBrokerNotAvailable(properties.isFailFast());
        admin.setModifyTopicConfigs(properties.isModifyTopicConfigs());
        admin.setAutoCreate(properties.isAutoCreate());
        if (properties.getCloseTimeout() != null) {
            admin.setCloseTimeout((int) properties.getCloseTimeout().getSeconds());
        }
        if (properties.getOperationTimeout() != null) {
            admin.setOperationTimeout((int) properties.getOperationTimeout().getSeconds());
        }
        return admin;
    }

    @Bean
    KafkaAdmin.NewTopics catalogueTopics(TopicSettings settings) {
        return new KafkaAdmin.NewTopics(Topics.all()
            .stream()
            .map(t -> new NewTopic(t.name(), settings.topicPartitions(), settings.topicReplicas()))
            .toArray(NewTopic[]::new));
    }

}
