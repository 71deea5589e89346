package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.support.kafka.KafkaSupportConfig;
import io.paypipe.support.kafka.WakeupOutsidePoll;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.TopicConfig;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.LogAndContinueExceptionHandler;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafkaStreams;
import org.springframework.kafka.annotation.KafkaStreamsDefaultConfiguration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.config.KafkaStreamsConfiguration;
import org.springframework.kafka.config.StreamsBuilderFactoryBeanConfigurer;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * The watchdog's Kafka Streams instance, started by spring-kafka's
 * {@code StreamsBuilderFactoryBean} ({@link EnableKafkaStreams}) with the
 * {@code reconcile.watch.*} settings; and the {@code payment.unsettled} listener's
 * container (the alerts go out through service-support).
 */
@Configuration(proxyBeanMethods = false)
@EnableKafkaStreams
class WatchConfig {

    private static final Logger log = LoggerFactory.getLogger(WatchConfig.class);

    /**
     * Boot's {@code spring.kafka.streams.*} as the base, then what the watchdog needs
     * whatever they say: its internal topics (changelogs, repartitions) replicated and
     * {@code min.insync.replicas} as the service's own topics, acks=all and idempotent
     * producers, committed records only. An unreadable input record is logged and
     * skipped: the processor dead-letters and alerts it on its own path.
     */
    @Bean(KafkaStreamsDefaultConfiguration.DEFAULT_STREAMS_CONFIG_BEAN_NAME)
    KafkaStreamsConfiguration watchStreamsConfig(KafkaProperties kafka, ReconcileProperties props) {
        ReconcileProperties.Watch watch = props.watch();
        Map<String, Object> config = new HashMap<>(kafka.buildStreamsProperties());
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, String.join(",", kafka.getBootstrapServers()));
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, watch.applicationId());
        config.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, watch.commitInterval().toMillis());
        config.put(StreamsConfig.STATE_DIR_CONFIG, watch.stateDir().toAbsolutePath().toString());
        config.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, (int) props.topicReplicas());
        config.put(StreamsConfig.topicPrefix(TopicConfig.MIN_IN_SYNC_REPLICAS_CONFIG),
                Short.toString(props.topicMinInsyncReplicas()));
        config.put(StreamsConfig.producerPrefix(ProducerConfig.ACKS_CONFIG), "all");
        config.put(StreamsConfig.producerPrefix(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG), true);
        config.put(StreamsConfig.consumerPrefix(ConsumerConfig.ISOLATION_LEVEL_CONFIG),
                KafkaSupportConfig.READ_COMMITTED);
        config.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, LogAndContinueExceptionHandler.class);
        return new KafkaStreamsConfiguration(config);
    }

    /**
     * A stream thread that died is replaced (its task starts again from the last commit);
     * transitions are logged.
     */
    @Bean
    StreamsBuilderFactoryBeanConfigurer watchStreamsLifecycle() {
        return factory -> {
            factory.setStreamsUncaughtExceptionHandler(e -> {
                log.error("watchdog stream thread failed, replacing it", e);
                return StreamThreadExceptionResponse.REPLACE_THREAD;
            });
            factory.setStateListener((to, from) -> log.info("watchdog streams {} -> {}", from, to));
        };
    }

    @Bean
    WatchTopology watchTopology(StreamsBuilder builder, ReconcileProperties props) {
        WatchTopology topology = new WatchTopology(props.watch());
        topology.build(builder);
        return topology;
    }

    /**
     * One record at a time, offset committed after the alert is stored and published; a
     * failure (database, broker) is retried with backoff until it succeeds, so no
     * unsettled notification is dropped.
     */
    @Bean
    ConcurrentKafkaListenerContainerFactory<String, NotificationUnsettled> unsettledContainerFactory(
            KafkaProperties kafka) {
        var factory = new ConcurrentKafkaListenerContainerFactory<String, NotificationUnsettled>();
        Map<String, Object> consumer = new HashMap<>(kafka.buildConsumerProperties());
        consumer.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, KafkaSupportConfig.READ_COMMITTED);
        var consumers = Topics.PAYMENT_UNSETTLED.consumerFactory(consumer);
        consumers.addPostProcessor(new WakeupOutsidePoll<>());
        factory.setConsumerFactory(consumers);
        factory.getContainerProperties().setAckMode(AckMode.RECORD);
        ExponentialBackOff backOff = new ExponentialBackOff(1000, 2);
        backOff.setMaxInterval(60_000);
        factory.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        return factory;
    }

}
