package io.paypipe.downstream.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.listener.ContainerProperties.AckMode;

class DownstreamKafkaConfigTest {

    @Test
    void eachConsumerCommitsItsBatchesOffsetsWithoutWaitingForTheBroker() {
        // Given the downstream settings with three consumers per topic
        var settings = new DownstreamProperties(3, Duration.ofMillis(500), Duration.ofMinutes(5));

        // When the two listeners' container factories are built
        var config = new DownstreamKafkaConfig();
        var paid = config.orderPaidContainerFactory(new KafkaProperties(), settings).getContainerProperties();
        var refunded = config.orderRefundedContainerFactory(new KafkaProperties(), settings).getContainerProperties();

        // Then both commit once per batch, asynchronously
        assertThat(paid.getAckMode()).isEqualTo(AckMode.BATCH);
        assertThat(paid.isSyncCommits()).isFalse();
        assertThat(refunded.getAckMode()).isEqualTo(AckMode.BATCH);
        assertThat(refunded.isSyncCommits()).isFalse();
    }

}
