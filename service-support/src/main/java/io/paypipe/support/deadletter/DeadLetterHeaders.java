package io.paypipe.support.deadletter;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * What spring-kafka wrote on a dead letter: the failure
 * ({@code KafkaHeaders.EXCEPTION_*}, the cause first; the {@code DLT_*} constants are its
 * deprecated 3.x names) and where the record came from ({@code KafkaHeaders.ORIGINAL_*}).
 */
public record DeadLetterHeaders(String failureClass, String message, String originalTopic) {

    public static DeadLetterHeaders of(ConsumerRecord<?, ?> record) {
        String cause = text(record, KafkaHeaders.EXCEPTION_CAUSE_FQCN);
        String failure = cause != null ? cause : text(record, KafkaHeaders.EXCEPTION_FQCN);
        return new DeadLetterHeaders(failure == null ? "unknown" : failure,
                text(record, KafkaHeaders.EXCEPTION_MESSAGE), text(record, KafkaHeaders.ORIGINAL_TOPIC));
    }

    public boolean failedWith(Class<?> type) {
        return type.getName().equals(failureClass);
    }

    /** {@code SimpleName: message}, for the alert and the raw row's last error. */
    public String error() {
        return failureClass.substring(failureClass.lastIndexOf('.') + 1) + ": " + (message == null ? "" : message);
    }

    /** Where it was given up, for an alert's message: {@code topic-partition@offset}. */
    public static String coordinates(ConsumerRecord<?, ?> r) {
        return r.topic() + "-" + r.partition() + "@" + r.offset();
    }

    private static String text(ConsumerRecord<?, ?> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

}
