package io.paypipe.processor.publish;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ExecutionException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaProducerException;

class PublishFailuresTest {

    @Test
    void failuresNoRetryCanFixAreFinalWhereverTheyAreInTheCauseChain() {
        assertThat(PublishFailures.finalCause(new RecordTooLargeException("too large"))).isPresent();
        assertThat(PublishFailures
            .finalCause(new KafkaProducerException(null, "Failed to send", new RecordTooLargeException("too large"))))
            .get()
            .isInstanceOf(RecordTooLargeException.class);
        assertThat(PublishFailures.finalCause(new ExecutionException(new TopicAuthorizationException("no")))).get()
            .isInstanceOf(TopicAuthorizationException.class);
        assertThat(PublishFailures.finalCause(new SerializationException("cannot serialize"))).isPresent();
        assertThat(PublishFailures.finalCause(new UnknownTopicOrPartitionException("gone"))).isPresent();
    }

    @Test
    void timeoutsMissingReplicasAndLeaderMovesAreNotFinal() {
        assertThat(PublishFailures.finalCause(new TimeoutException("Expiring 1 record(s)"))).isEmpty();
        assertThat(PublishFailures.finalCause(new NotEnoughReplicasException("1 < 2"))).isEmpty();
        assertThat(PublishFailures
            .finalCause(new KafkaProducerException(null, "Failed to send", new NotLeaderOrFollowerException("moved"))))
            .isEmpty();
        assertThat(PublishFailures.finalCause(new java.util.concurrent.TimeoutException())).isEmpty();
    }

    @Test
    void onlyAMetadataTimeoutMayMeanAMissingTopic() {
        assertThat(PublishFailures.isMissingMetadata(new KafkaProducerException(null, "Failed to send",
                new TimeoutException("Topic order.paid not present in metadata after 3000 ms."))))
            .isTrue();
        assertThat(PublishFailures.isMissingMetadata(new TimeoutException("Expiring 1 record(s)"))).isFalse();
    }

}
