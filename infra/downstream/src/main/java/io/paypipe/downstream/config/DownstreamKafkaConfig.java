package io.paypipe.downstream.config;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.FixedBackOff;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(DownstreamProperties.class)
class DownstreamKafkaConfig {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, OrderPaid> orderPaidContainerFactory(KafkaProperties kafka,
            DownstreamProperties settings) {
        return batches(Topics.ORDER_PAID, kafka, settings);
    }

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, OrderRefunded> orderRefundedContainerFactory(KafkaProperties kafka,
            DownstreamProperties settings) {
        return batches(Topics.ORDER_REFUNDED, kafka, settings);
    }

    /**
     * Batch listeners, {@code downstream.concurrency} consumers each: the offsets of a
     * poll's records are committed once the listener returned, i.e. after the batch's
     * database commit, without waiting for the broker's answer. A failure delivers the
     * same batch again every {@code downstream.retry-interval}, for ever (the unique keys
     * make a retry harmless); an unreadable record, which the listener names with a
     * {@code BatchListenerFailedException}, is not retried: the error handler logs it at
     * ERROR, commits its offset and delivers the records after it again.
     */
    private static <V> ConcurrentKafkaListenerContainerFactory<String, V> batches(Topic<V> topic, KafkaProperties kafka,
            DownstreamProperties settings) {
        var factory = new ConcurrentKafkaListenerContainerFactory<String, V>();
        factory.setConsumerFactory(topic.consumerFactory(kafka.buildConsumerProperties()));
        factory.setBatchListener(true);
        factory.setConcurrency(settings.concurrency());
        factory.getContainerProperties().setAckMode(AckMode.BATCH);
        // without waiting for the broker's answer: the unique event id guards every
        // effect, so a commit lost with a crash only delivers the batch again
        factory.getContainerProperties().setSyncCommits(false);
        factory.setCommonErrorHandler(new DefaultErrorHandler(
                new FixedBackOff(settings.retryInterval().toMillis(), FixedBackOff.UNLIMITED_ATTEMPTS)));
        return factory;
    }

}
