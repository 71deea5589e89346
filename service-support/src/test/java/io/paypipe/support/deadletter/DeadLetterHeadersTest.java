package io.paypipe.support.deadletter;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.failure.InvalidRecordException;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.support.KafkaHeaders;

class DeadLetterHeadersTest {

    @Test
    void givenADeadLetterWithACause_whenRead_thenTheCauseIsTheFailure() {
        var record = dlt();
        header(record, KafkaHeaders.EXCEPTION_FQCN,
                "org.springframework.kafka.listener.ListenerExecutionFailedException");
        header(record, KafkaHeaders.EXCEPTION_CAUSE_FQCN, InvalidRecordException.class.getName());
        header(record, KafkaHeaders.EXCEPTION_MESSAGE, "invalid record: no key");
        header(record, KafkaHeaders.ORIGINAL_TOPIC, "payment.notify");

        DeadLetterHeaders headers = DeadLetterHeaders.of(record);

        assertThat(headers.failedWith(InvalidRecordException.class)).isTrue();
        assertThat(headers.error()).isEqualTo("InvalidRecordException: invalid record: no key");
        assertThat(headers.originalTopic()).isEqualTo("payment.notify");
        assertThat(DeadLetterHeaders.coordinates(record)).isEqualTo("payment.notify-dlt-2@17");
    }

    @Test
    void givenADeadLetterWithoutSpringKafkasHeaders_whenRead_thenItsFailureIsUnknown() {
        DeadLetterHeaders headers = DeadLetterHeaders.of(dlt());

        assertThat(headers.failedWith(InvalidRecordException.class)).isFalse();
        assertThat(headers.error()).isEqualTo("unknown: ");
        assertThat(headers.originalTopic()).isNull();
    }

    @Test
    void givenOnlyTheOuterException_whenRead_thenItIsTheFailure() {
        var record = dlt();
        header(record, KafkaHeaders.EXCEPTION_FQCN, "java.lang.IllegalStateException");

        assertThat(DeadLetterHeaders.of(record).error()).isEqualTo("IllegalStateException: ");
    }

    private static ConsumerRecord<String, byte[]> dlt() {
        return new ConsumerRecord<>("payment.notify-dlt", 2, 17L, "k", new byte[0]);
    }

    private static void header(ConsumerRecord<String, byte[]> record, String name, String value) {
        record.headers().add(name, value.getBytes(StandardCharsets.UTF_8));
    }

}
