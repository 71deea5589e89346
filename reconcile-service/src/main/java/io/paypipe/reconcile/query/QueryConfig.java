package io.paypipe.reconcile.query;

import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.query.DelayTiers.Tier;
import io.paypipe.support.deadletter.DeadLetterRecorder;
import io.paypipe.support.kafka.KafkaSupportConfig;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * The active query's wiring: its ladders and rate limits from {@code reconcile.query.*},
 * the delayed topics (one per distinct delay, declared with the service's partitions and
 * replicas) and one consumer per delayed topic plus one for {@code payment.query}, each
 * in its own group ({@code reconcile-<topic>}), drained by a {@link DueQueryDrainer}.
 */
@Configuration(proxyBeanMethods = false)
class QueryConfig {

    @Bean
    QueryLadders queryLadders(ReconcileProperties props) {
        return new QueryLadders(props.query());
    }

    @Bean
    DelayTiers delayTiers(QueryLadders ladders) {
        return ladders.tiers();
    }

    @Bean
    QueryRateLimits queryRateLimits(QueryLadders ladders) {
        return new QueryRateLimits(ladders);
    }

    @Bean
    KafkaAdmin.NewTopics queryDelayTopics(DelayTiers tiers, ReconcileProperties props) {
        return new KafkaAdmin.NewTopics(tiers.all()
            .stream()
            .map(t -> new NewTopic(t.topic(), props.topicPartitions(), props.topicReplicas()))
            .toArray(NewTopic[]::new));
    }

    @Bean
    DueQueryConsumers dueQueryConsumers(DelayTiers tiers, PaymentQueries queries, DeadLetterRecorder deadLetters,
            KafkaProperties kafka, ReconcileProperties props, Clock clock) {
        return new DueQueryConsumers(tiers, queries, deadLetters, kafka, props.query(), clock);
    }

    /** The consumers of the delayed topics and of {@code payment.query}, started last. */
    static final class DueQueryConsumers implements SmartLifecycle {

        private final List<ConcurrentMessageListenerContainer<String, byte[]>> containers = new ArrayList<>();

        private final ThreadPoolTaskScheduler resumer = new ThreadPoolTaskScheduler();

        private final boolean consume;

        private volatile boolean running;

        DueQueryConsumers(DelayTiers tiers, PaymentQueries queries, DeadLetterRecorder deadLetters,
                KafkaProperties kafka, ReconcileProperties.QuerySettings settings, Clock clock) {
            consume = settings.consume();
            resumer.setPoolSize(1);
            resumer.setThreadNamePrefix("reconcile-query-resume-");
            resumer.initialize();
            Map<String, Object> config = new HashMap<>(kafka.buildConsumerProperties());
            config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            config.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxPollRecords());
            config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, KafkaSupportConfig.READ_COMMITTED);
            // the drainer commits with commitSync while its resumer resumes partitions
            // from another thread: a resume just after a poll must not fail the commit
            var factory = KafkaSupportConfig.bytesConsumerFactory(config);
            for (Tier tier : tiers.all()) {
                containers.add(container(factory, tier.topic(),
                        new DueQueryDrainer(queries, deadLetters, resumer, clock, true, settings.handlingRetry()),
                        settings));
            }
            containers.add(container(factory, Topics.PAYMENT_QUERY.name(),
                    new DueQueryDrainer(queries, deadLetters, resumer, clock, false, settings.handlingRetry()),
                    settings));
        }

        private static ConcurrentMessageListenerContainer<String, byte[]> container(
                DefaultKafkaConsumerFactory<String, byte[]> factory, String topic, DueQueryDrainer drainer,
                ReconcileProperties.QuerySettings settings) {
            ContainerProperties properties = new ContainerProperties(topic);
            properties.setGroupId("reconcile-" + topic);
            properties.setClientId("reconcile-" + topic);
            properties.setAckMode(AckMode.MANUAL);
            properties.setPollTimeout(settings.pollTimeout().toMillis());
            properties.setMessageListener(drainer);
            var container = new ConcurrentMessageListenerContainer<>(factory, properties);
            container.setBeanName("reconcile-" + topic);
            drainer.drains(container);
            return container;
        }

        @Override
        public void start() {
            containers.forEach(ConcurrentMessageListenerContainer::start);
            running = true;
        }

        @Override
        public void stop() {
            containers.forEach(ConcurrentMessageListenerContainer::stop);
            resumer.shutdown();
            running = false;
        }

        @Override
        public boolean isAutoStartup() {
            return consume;
        }

        @Override
        public boolean isRunning() {
            return running;
        }

    }

}
