package io.paypipe.support.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** Where a record was forwarded, counted by topic and level. */
class RetryRoutesTest {

    @Test
    void givenRetryAndDeadLetterDestinations_whenResolved_thenEachIsCountedWithItsLevel() {
        var registry = new SimpleMeterRegistry();
        var resolver = RetryRoutes.counting((record, e) -> new TopicPartition((String) record.value(), 0), registry);

        resolver.apply(new ConsumerRecord<>("payment.notify", 0, 0, "k", "payment.notify-retry-0"), null);
        resolver.apply(new ConsumerRecord<>("payment.notify", 0, 1, "k", "payment.notify-retry-0"), null);
        resolver.apply(new ConsumerRecord<>("x", 0, 2, "k", "order.created-processor-retry-3"), null);
        resolver.apply(new ConsumerRecord<>("x", 0, 3, "k", "payment.notify-dlt"), null);

        assertThat(registry.get(RetryRoutes.METER)
            .tag("topic", "payment.notify-retry-0")
            .tag("level", "0")
            .counter()
            .count()).isEqualTo(2.0);
        assertThat(registry.get(RetryRoutes.METER)
            .tag("topic", "order.created-processor-retry-3")
            .tag("level", "3")
            .counter()
            .count()).isEqualTo(1.0);
        assertThat(registry.get(RetryRoutes.METER).tag("level", "dlt").counter().count()).isEqualTo(1.0);
    }

}
