package io.paypipe.refund.deadletter;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * What spring-kafka wrote on a dead letter: the failure
 * ({@code KafkaHeaders.EXCEPTION_*}, the cause first) and where the record came from.
 */
public record DeadLetterHeaders(String failureClass, String message) {

    public static DeadLetterHeaders of(ConsumerRecord<?, ?> record) {
        String cause = text(record, KafkaHeaders.EXCEPTION_CAUSE_FQCN);
        String failure = cause != null ? cause : text(record, KafkaHeaders.EXCEPTION_FQCN);
        return new DeadLetterHeaders(failure == null ? "unknown" : failure,
                text(record, KafkaHeaders.EXCEPTION_MESSAGE));
    }

    public boolean failedWith(Class<?> type) {
        return type.getName().equals(failureClass);
    }

    /** {@code SimpleName: message}, for the alert and the raw row's last error. */
    public String error() {
        return failureClass.substring(failureClass.lastIndexOf('.') + 1) + ": " + (message == null ? "" : message);
    }

    /** Where it was given up, for an alert's message. */
    public static String coordinates(ConsumerRecord<?, ?> r) {
        return r.topic() + "-" + r.partition() + "@" + r.offset();
    }

    private static String text(ConsumerRecord<?, ?> r, String name) {
        Header h = r.headers().lastHeader(name);
        return h == null || h.value() == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

}
