package io.paypipe.support.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.TestSettings;
import io.paypipe.support.failure.InvalidRecordException;
import io.paypipe.support.failure.TransientRecordException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.DestinationTopic;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.support.EndpointHandlerMethod;
import org.springframework.util.backoff.BackOffExecution;

class RetryTopicsTest {

    private static final List<Duration> DELAYS = List.of(Duration.ofMillis(200), Duration.ofMillis(400),
            Duration.ofMillis(800));

    @Test
    void givenALadderOfThreeDelays_whenConfigured_thenSpringKafkaNamesItsTopicsAsTheCatalogueDoes() {
        for (Topic<?> topic : List.of(Topics.PAYMENT_NOTIFY, Topics.ORDER_CREATED, Topics.REFUND_NOTIFY,
                Topics.REFUND_TASK, Topics.REFUND_QUERY)) {
            RetryTopicConfiguration configuration = configuration(topic);

            assertThat(configuration.getDestinationTopicProperties()).extracting(p -> topic.name() + p.suffix())
                .containsExactly(topic.name(), topic.retry(0), topic.retry(1), topic.retry(2), topic.dlt());
        }
    }

    @Test
    void givenAServicesRetryConcurrency_whenConfigured_thenItsRetryAndDeadLetterContainersRunThatManyConsumers() {
        var settings = new TestSettings("test", Duration.ofSeconds(5), List.of(), 3, 6, (short) 1, (short) 1, 1);

        RetryTopicConfiguration configuration = RetryTopics.configuration(Topics.PAYMENT_NOTIFY, DELAYS,
                new ConcurrentKafkaListenerContainerFactory<>(), settings,
                new EndpointHandlerMethod(Object.class, "toString"),
                new KafkaTemplate<>(new DefaultKafkaProducerFactory<String, Object>(Map.of())));

        // the main listener keeps its 3 threads (the factory's); each retry level and the
        // dead-letter topic get one
        assertThat(configuration.getConcurrency()).isEqualTo(1);
    }

    @Test
    void givenALadder_whenItRuns_thenEachLevelWaitsItsOwnDelayAndThenItStops() {
        BackOffExecution ladder = RetryTopics.ladder(DELAYS).start();

        assertThat(List.of(ladder.nextBackOff(), ladder.nextBackOff(), ladder.nextBackOff(), ladder.nextBackOff()))
            .containsExactly(200L, 400L, 800L, BackOffExecution.STOP);
    }

    @Test
    void givenTheFailureFamilies_whenClassified_thenOnlyTransientOnesAndTheirCausesRetry() {
        RetryTopicConfiguration configuration = configuration(Topics.REFUND_TASK);
        var retryLevel = new DestinationTopic(Topics.REFUND_TASK.retry(0),
                configuration.getDestinationTopicProperties().get(1));
        var transientFailure = new TransientRecordException("order not there yet", null) {
        };
        var invalid = new InvalidRecordException("refund.task", 0, 7, OptionalLong.empty(), "no key");

        assertThat(retryLevel.shouldRetryOn(1, transientFailure)).isTrue();
        assertThat(retryLevel.shouldRetryOn(1, new IllegalStateException("wrapped", transientFailure))).isTrue();
        assertThat(retryLevel.shouldRetryOn(1, invalid)).isFalse();
        assertThat(retryLevel.shouldRetryOn(1, new IllegalStateException("a bug"))).isFalse();
    }

    private static RetryTopicConfiguration configuration(Topic<?> topic) {
        return RetryTopics.configuration(topic, DELAYS, new ConcurrentKafkaListenerContainerFactory<>(),
                TestSettings.of("test"), new EndpointHandlerMethod(Object.class, "toString"),
                new KafkaTemplate<>(new DefaultKafkaProducerFactory<String, Object>(Map.of())));
    }

}
