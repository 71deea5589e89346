package io.paypipe.support.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.mockito.Mockito.mock;

import io.paypipe.support.TestSettings;
import java.time.Duration;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.listener.ContainerProperties.AckMode;
import org.springframework.kafka.retrytopic.DestinationTopicResolver;
import org.springframework.util.unit.DataSize;

class BatchListenersTest {

    @Test
    void aBatchListenersConsumersWaitForTheGatherSettingsWhileTheServicesOtherConsumersKeepKafkasDefaults() {
        // Given a gather of 64 KB for at most 20 ms
        var gather = new BatchListeners.Gather(DataSize.ofKilobytes(64), Duration.ofMillis(20));

        // When the batch listener's container factory is built with it
        var factory = BatchListeners.containerFactory(new KafkaProperties(), TestSettings.of("processor"),
                mock(DestinationTopicResolver.class), "processor-payment-notify", 500, gather);

        // Then its containers' consumers fetch with those settings and the batch's size
        assertThat(factory.getContainerProperties().getKafkaConsumerProperties())
            .containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "65536")
            .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "20")
            .containsEntry(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "500");
        // and the consumer factory, shared with nothing else but built the same way as
        // every listener's, is left with Kafka's defaults
        assertThat(factory.getConsumerFactory().getConfigurationProperties())
            .doesNotContainKeys(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG);
    }

    @Test
    void withoutAGatherABatchListenerFetchesAsKafkaDoesByDefault() {
        var factory = BatchListeners.containerFactory(new KafkaProperties(), TestSettings.of("reconcile"),
                mock(DestinationTopicResolver.class), "reconcile-order-created", 200);

        assertThat(factory.getContainerProperties().getKafkaConsumerProperties())
            .containsEntry(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "1")
            .containsEntry(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "500");
    }

    @Test
    void aBatchListenerCommitsTheOffsetsOfEachBatchWithoutWaitingForTheBroker() {
        var factory = BatchListeners.containerFactory(new KafkaProperties(), TestSettings.of("processor"),
                mock(DestinationTopicResolver.class), "processor-payment-notify", 500);

        assertThat(factory.getContainerProperties().getAckMode()).isEqualTo(AckMode.BATCH);
        assertThat(factory.getContainerProperties().isSyncCommits()).isFalse();
    }

    @Test
    void rejectsAGatherThatWouldNeverWaitOrNeverReturn() {
        assertThatIllegalArgumentException()
            .isThrownBy(() -> new BatchListeners.Gather(DataSize.ofBytes(0), Duration.ofMillis(20)));
        assertThatIllegalArgumentException()
            .isThrownBy(() -> new BatchListeners.Gather(DataSize.ofKilobytes(64), Duration.ZERO));
    }

}
