package io.paypipe.support.observe;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.support.ServiceSettings;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;
import org.springframework.kafka.listener.MessageListenerContainer;

/**
 * The consuming services' {@link ConsumerLag}: the lag of the groups of their own
 * listener containers (the retry topics' included), refreshed every
 * {@link ServiceSettings#metricsRefreshInterval()} by the refresher {@code kafka}.
 */
@Configuration(proxyBeanMethods = false)
public class KafkaGaugesConfiguration {

    @Bean
    CachedGauges kafkaGauges(OpsAdmin admin, ObjectProvider<KafkaListenerEndpointRegistry> registry,
            ServiceSettings settings, MeterRegistry meters) {
        return new CachedGauges("kafka", settings.metricsRefreshInterval(), meters).gauge(ConsumerLag.METER,
                "records the group has not committed yet, by consumer group and topic",
                new ConsumerLag(admin, () -> groups(registry), ObservabilityConfiguration.BROKER_TIMEOUT));
    }

    private static Collection<String> groups(ObjectProvider<KafkaListenerEndpointRegistry> registry) {
        KafkaListenerEndpointRegistry listeners = registry.getIfAvailable();
        if (listeners == null) {
            return List.of();
        }
        return listeners.getAllListenerContainers()
            .stream()
            .map(MessageListenerContainer::getGroupId)
            .filter(Objects::nonNull)
            .toList();
    }

}
