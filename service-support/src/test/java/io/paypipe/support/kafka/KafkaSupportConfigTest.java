package io.paypipe.support.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.TestSettings;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;

class KafkaSupportConfigTest {

    @Test
    void givenSpringKafkaAskingForAcksOneWithoutIdempotence_whenTheProducersAreConfigured_thenTheyWaitForAllInSyncReplicasIdempotently() {
        // Given spring.kafka.producer.* asking for acks=1 and no idempotence
        KafkaProperties kafka = new KafkaProperties();
        kafka.getProducer().setAcks("1");
        kafka.getProducer().getProperties().put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");

        // When the service's producers are configured
        var config = KafkaSupportConfig.producerConfig(kafka, TestSettings.of("refund"));

        // Then they are acks=all and idempotent all the same
        assertThat(config).containsEntry(ProducerConfig.ACKS_CONFIG, "all")
            .containsEntry(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    }

    @Test
    void givenSpringKafkaAskingForUncommittedReads_whenAListenersContainerFactoryIsBuilt_thenItsConsumersReadCommittedRecordsOnly() {
        // Given spring.kafka.consumer.isolation-level=read-uncommitted
        KafkaProperties kafka = new KafkaProperties();
        kafka.getConsumer().setIsolationLevel(KafkaProperties.IsolationLevel.READ_UNCOMMITTED);

        // When a listener's container factory is built
        var factory = KafkaSupportConfig.bytesContainerFactory(kafka, TestSettings.of("refund"));

        // Then its consumers read committed records only, and commit offsets themselves
        assertThat(factory.getConsumerFactory().getConfigurationProperties())
            .containsEntry(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed")
            .containsEntry(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    }

    @Test
    void givenAListenersContainerFactory_whenItsConsumersAreMade_thenTheirCommitsSurviveAWakeupMeantForAPoll() {
        // Given a listener's container factory
        var factory = KafkaSupportConfig.bytesContainerFactory(new KafkaProperties(), TestSettings.of("refund"));

        // When its consumers are made
        var consumers = (DefaultKafkaConsumerFactory<String, byte[]>) factory.getConsumerFactory();

        // Then they go through WakeupOutsidePoll (WakeupOutsidePollIntegrationTest shows
        // why)
        assertThat(consumers.getPostProcessors()).hasAtLeastOneElementOfType(WakeupOutsidePoll.class);
    }

}
