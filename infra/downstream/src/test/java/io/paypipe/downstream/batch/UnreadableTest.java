package io.paypipe.downstream.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.support.serializer.SerializationUtils;

class UnreadableTest {

    @Test
    void findsTheFirstRecordWhoseValueCouldNotBeDeserialized() {
        // Given a readable record, one the deserializer failed on, and a readable one
        List<ConsumerRecord<String, String>> batch = List.of(readable(0), failed(1), readable(2));

        // When the batch is searched
        Optional<Unreadable> found = Unreadable.first(batch);

        // Then the failed one is found, with the deserializer's failure
        assertThat(found).hasValueSatisfying(u -> {
            assertThat(u.index()).isEqualTo(1);
            assertThat(u.record()).isSameAs(batch.get(1));
            assertThat(u.cause()).hasRootCauseMessage("not json");
        });
    }

    @Test
    void aRecordWithoutAValueIsUnreadable() {
        assertThat(Unreadable.first(List.of(readable(0), record(1, null, new RecordHeaders()))))
            .hasValueSatisfying(u -> assertThat(u.index()).isEqualTo(1));
    }

    @Test
    void aBatchOfReadableRecordsHasNone() {
        assertThat(Unreadable.first(List.of(readable(0), readable(1)))).isEmpty();
    }

    private static ConsumerRecord<String, String> readable(long offset) {
        return record(offset, "{}", new RecordHeaders());
    }

    private static ConsumerRecord<String, String> failed(long offset) {
        RecordHeaders headers = new RecordHeaders();
        SerializationUtils.deserializationException(headers, "x".getBytes(StandardCharsets.UTF_8),
                new IllegalArgumentException("not json"), false);
        return record(offset, null, headers);
    }

    private static ConsumerRecord<String, String> record(long offset, String value, RecordHeaders headers) {
        return new ConsumerRecord<>("order.paid", 0, offset, 0L, TimestampType.CREATE_TIME, 0, 0, "key", value, headers,
                Optional.empty());
    }

}
