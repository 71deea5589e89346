package io.paypipe.processor.replay;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.springframework.kafka.support.KafkaHeaders;

/**
 * One record of the dead-letter topic as operators see it: its coordinates, the DLT
 * headers decoded to text, the error and a payload summary. The key and value bytes are
 * kept for replay but never shown.
 */
record DeadLetter(String topic, int partition, long offset, Instant deadLetteredAt, String key, String errorClass,
        String causeClass, String errorMessage, String originalTopic, Integer originalPartition, Long originalOffset,
        Instant originalTimestamp, Map<String, String> headers, PayloadSummary payload, @JsonIgnore byte[] keyBytes,
        @JsonIgnore byte[] valueBytes) {

    private static final int MAX_TEXT = 512;

    static DeadLetter from(ConsumerRecord<byte[], byte[]> r) {
        Headers h = r.headers();
        Long originalTs = longHeader(h, KafkaHeaders.ORIGINAL_TIMESTAMP);
        Long originalOffset = longHeader(h, KafkaHeaders.ORIGINAL_OFFSET);
        return new DeadLetter(r.topic(), r.partition(), r.offset(), Instant.ofEpochMilli(r.timestamp()),
                r.key() == null ? null : new String(r.key(), StandardCharsets.UTF_8),
                text(h, KafkaHeaders.EXCEPTION_FQCN), text(h, KafkaHeaders.EXCEPTION_CAUSE_FQCN),
                text(h, KafkaHeaders.EXCEPTION_MESSAGE), text(h, KafkaHeaders.ORIGINAL_TOPIC),
                intHeader(h, KafkaHeaders.ORIGINAL_PARTITION), originalOffset,
                originalTs == null ? null : Instant.ofEpochMilli(originalTs), decode(h), PayloadSummary.of(r.value()),
                r.key(), r.value());
    }

    /**
     * The simple or fully qualified names of the error: the exception and its cause, as
     * the DLT headers say.
     */
    boolean hasErrorClass(String name) {
        return matchesClass(errorClass, name) || matchesClass(causeClass, name);
    }

    private static boolean matchesClass(String fqcn, String name) {
        if (fqcn == null) {
            return false;
        }
        String simple = fqcn.substring(fqcn.lastIndexOf('.') + 1);
        return fqcn.equalsIgnoreCase(name) || simple.equalsIgnoreCase(name);
    }

    /**
     * Every header as text: numbers for the DLT coordinates, UTF-8 for the rest; the
     * stack trace and the serialized deserialization failure (which carries the record's
     * bytes) are left out, only their size shown.
     */
    static Map<String, String> decode(Headers headers) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Header header : headers) {
            String name = header.key();
            byte[] v = header.value();
            String shown;
            if (v == null) {
                shown = null;
            }
            else if (name.equals(KafkaHeaders.ORIGINAL_PARTITION) && v.length == Integer.BYTES) {
                shown = Integer.toString(ByteBuffer.wrap(v).getInt());
            }
            else if ((name.equals(KafkaHeaders.ORIGINAL_OFFSET) || name.equals(KafkaHeaders.ORIGINAL_TIMESTAMP))
                    && v.length == Long.BYTES) {
                shown = Long.toString(ByteBuffer.wrap(v).getLong());
            }
            else if (name.equals(KafkaHeaders.EXCEPTION_STACKTRACE) || name.startsWith("springDeserializerException")) {
                shown = "<" + v.length + " bytes omitted>";
            }
            else {
                shown = clip(new String(v, StandardCharsets.UTF_8));
            }
            out.put(name, shown);
        }
        return out;
    }

    private static String text(Headers h, String name) {
        Header header = h.lastHeader(name);
        return header == null || header.value() == null ? null
                : clip(new String(header.value(), StandardCharsets.UTF_8));
    }

    private static Integer intHeader(Headers h, String name) {
        Header header = h.lastHeader(name);
        return header == null || header.value() == null || header.value().length != Integer.BYTES ? null
                : ByteBuffer.wrap(header.value()).getInt();
    }

    private static Long longHeader(Headers h, String name) {
        Header header = h.lastHeader(name);
        return header == null || header.value() == null || header.value().length != Long.BYTES ? null
                : ByteBuffer.wrap(header.value()).getLong();
    }

    private static String clip(String s) {
        return s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT) + "...";
    }
}
