package io.paypipe.reconcile.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.kafka.WakeupOutsidePoll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;

class WatchConfigTest {

    @Test
    void givenTheUnsettledListenersFactory_whenItsConsumersAreMade_thenTheirCommitsSurviveAWakeupMeantForAPoll() {
        // Given the payment.unsettled listener's container factory (AckMode RECORD)
        var factory = new WatchConfig().unsettledContainerFactory(new KafkaProperties());

        // When its consumers are made
        var consumers = (DefaultKafkaConsumerFactory<?, ?>) factory.getConsumerFactory();

        // Then they go through WakeupOutsidePoll, as every record listener's do
        assertThat(consumers.getPostProcessors()).hasAtLeastOneElementOfType(WakeupOutsidePoll.class);
    }

}
