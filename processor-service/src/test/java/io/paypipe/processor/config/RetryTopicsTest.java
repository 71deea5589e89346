package io.paypipe.processor.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.retrytopic.RetryTopicConfiguration;
import org.springframework.kafka.support.EndpointHandlerMethod;

class RetryTopicsTest {

    @Test
    void givenALadderOfThreeDelays_whenConfigured_thenSpringKafkaNamesItsTopicsAsTheCatalogueDoes() {
        var delays = List.of(Duration.ofMillis(200), Duration.ofMillis(400), Duration.ofMillis(800));
        var props = new ProcessorProperties(Duration.ofSeconds(5), delays, delays, List.of(), 1, 1, (short) 1, false,
                null);

        for (Topic<?> topic : List.of(Topics.PAYMENT_NOTIFY, Topics.ORDER_CREATED)) {
            RetryTopicConfiguration configuration = RetryTopics.configuration(topic, delays,
                    new ConcurrentKafkaListenerContainerFactory<>(), props,
                    new EndpointHandlerMethod(Object.class, "toString"),
                    new KafkaTemplate<>(new DefaultKafkaProducerFactory<String, Object>(Map.of())));

            assertThat(configuration.getDestinationTopicProperties()).extracting(p -> topic.name() + p.suffix())
                .containsExactly(topic.name(), topic.retry(0), topic.retry(1), topic.retry(2), topic.dlt());
        }
    }

}
