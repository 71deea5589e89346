package io.paypipe.processor.support;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * Dead-letter records as spring-kafka's DeadLetterPublishingRecoverer writes them, for
 * tests.
 */
public final class DeadLetterSamples {

    private DeadLetterSamples() {
    }

    public static RecordHeaders dltHeaders(String exceptionFqcn, String causeFqcn, String message,
            int originalPartition, long originalOffset, long originalTimestamp) {
        var headers = new RecordHeaders();
        headers.add(KafkaHeaders.EXCEPTION_FQCN, utf8(exceptionFqcn));
        if (causeFqcn != null) {
            headers.add(KafkaHeaders.EXCEPTION_CAUSE_FQCN, utf8(causeFqcn));
        }
        headers.add(KafkaHeaders.EXCEPTION_MESSAGE, utf8(message));
        headers.add(KafkaHeaders.EXCEPTION_STACKTRACE, utf8(message + "\n\tat io.paypipe.processor.Somewhere"));
        headers.add(KafkaHeaders.ORIGINAL_TOPIC, utf8("payment.notify-retry-7"));
        headers.add(KafkaHeaders.ORIGINAL_PARTITION,
                ByteBuffer.allocate(Integer.BYTES).putInt(originalPartition).array());
        headers.add(KafkaHeaders.ORIGINAL_OFFSET, ByteBuffer.allocate(Long.BYTES).putLong(originalOffset).array());
        headers.add(KafkaHeaders.ORIGINAL_TIMESTAMP,
                ByteBuffer.allocate(Long.BYTES).putLong(originalTimestamp).array());
        headers.add(KafkaHeaders.ORIGINAL_TIMESTAMP_TYPE, utf8("CreateTime"));
        headers.add(KafkaHeaders.ORIGINAL_CONSUMER_GROUP, utf8("processor-payment-notify"));
        return headers;
    }

    public static ConsumerRecord<byte[], byte[]> record(int partition, long offset, long timestamp, String key,
            byte[] value, RecordHeaders headers) {
        return new ConsumerRecord<>("payment.notify-dlt", partition, offset, timestamp, TimestampType.CREATE_TIME, -1,
                value == null ? -1 : value.length, key == null ? null : utf8(key), value, headers,
                java.util.Optional.empty());
    }

    public static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

}
