package io.paypipe.support.inbound;

import io.paypipe.core.event.ChannelNotice;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.support.failure.InvalidRecordException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the value of an inbound record a service consumes as bytes. The listener parses
 * it itself, instead of a deserializer in the consumer, so that a record it cannot read
 * still reaches its listener and dead-letter handler with its key, headers and original
 * bytes: a value the service does not understand (not JSON, an unknown enum value, a
 * required field missing) is an {@link InvalidRecordException}, which goes straight to
 * the dead-letter topic.
 */
public final class RecordValues {

    private RecordValues() {
    }

    /**
     * The value as {@code type}, checked by {@code missing} (which names the required
     * fields that are absent). Throws {@link InvalidRecordException} naming the record
     * and its raw id (from the header) when it cannot be read.
     */
    public static <T> T read(ConsumerRecord<String, byte[]> record, Class<T> type, Function<T, List<String>> missing) {
        OptionalLong rawId = NotifyHeaders.rawId(record.headers());
        if (record.key() == null) {
            throw invalid(record, rawId, "no key");
        }
        if (record.value() == null || record.value().length == 0) {
            throw invalid(record, rawId, "no value");
        }
        T value;
        try {
            value = Json.MAPPER.readValue(record.value(), type);
        }
        catch (JacksonException | IllegalArgumentException e) {
            throw invalid(record, rawId,
                    "unreadable " + type.getSimpleName() + " (" + e.getClass().getSimpleName() + ")");
        }
        if (value == null) {
            throw invalid(record, rawId, "null " + type.getSimpleName());
        }
        List<String> absent = missing.apply(value);
        if (!absent.isEmpty()) {
            throw invalid(record, rawId, type.getSimpleName() + " without " + String.join(", ", absent));
        }
        return value;
    }

    /**
     * A notification ingress stored as a raw row and published with the
     * {@code paypipe-raw-id} header: {@link #read} it, and reject it when the header and
     * the value name different raw rows.
     */
    public static <T extends ChannelNotice> T readNotice(ConsumerRecord<String, byte[]> record, Class<T> type,
            Function<T, List<String>> missing) {
        T notice = read(record, type, missing);
        OptionalLong header = NotifyHeaders.rawId(record.headers());
        if (header.isPresent() && header.getAsLong() != notice.rawId()) {
            throw invalid(record, header, "header names raw " + header.getAsLong() + ", value raw " + notice.rawId());
        }
        return notice;
    }

    /**
     * The raw id of a record: its header, else a {@code rawId} field of the value read
     * leniently; empty if neither.
     */
    public static OptionalLong rawId(ConsumerRecord<String, byte[]> record) {
        OptionalLong fromHeader = NotifyHeaders.rawId(record.headers());
        if (fromHeader.isPresent() || record.value() == null) {
            return fromHeader;
        }
        try {
            JsonNode id = Json.MAPPER.readTree(record.value()).path("rawId");
            return id.isIntegralNumber() && id.asLong() > 0 ? OptionalLong.of(id.asLong()) : OptionalLong.empty();
        }
        catch (JacksonException | IllegalArgumentException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * The value as {@code type} if it can be read at all, without the checks of
     * {@link #read} (a dead letter's, for what its alert names); empty if it cannot.
     */
    public static <T> Optional<T> readLeniently(ConsumerRecord<String, byte[]> record, Class<T> type) {
        if (record.value() == null) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(Json.MAPPER.readValue(record.value(), type));
        }
        catch (JacksonException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Collects the names of required fields that are null. */
    public static final class Required {

        private final List<String> missing = new ArrayList<>();

        public Required field(String name, Object value) {
            if (value == null) {
                missing.add(name);
            }
            return this;
        }

        public Required check(String name, boolean ok) {
            if (!ok) {
                missing.add(name);
            }
            return this;
        }

        /**
         * What every decision about a notice reads, in this order: a positive
         * {@code rawId}, {@code eventId}, {@code channel}, {@code orderKey},
         * {@code channelTradeNo}, {@code state}, {@code channelState}. The notice's own
         * fields, {@code receivedAt} and the order key's parts ({@link #partsOf}) follow.
         */
        public Required notice(ChannelNotice n) {
            return check("rawId", n.rawId() > 0).field("eventId", n.eventId())
                .field("channel", n.channel())
                .field("orderKey", n.orderKey())
                .field("channelTradeNo", n.channelTradeNo())
                .field("state", n.state())
                .field("channelState", n.channelState());
        }

        /**
         * The parts of order key {@code name} (tenant, merchant, out_trade_no), if the
         * key is there at all (check the key itself with {@link #field}).
         */
        public Required partsOf(String name, OrderKey key) {
            if (key != null) {
                field(name + ".tenantId", key.tenantId()).field(name + ".merchantId", key.merchantId())
                    .field(name + ".outTradeNo", key.outTradeNo());
            }
            return this;
        }

        public List<String> missing() {
            return List.copyOf(missing);
        }

    }

    private static InvalidRecordException invalid(ConsumerRecord<String, byte[]> r, OptionalLong rawId, String what) {
        return new InvalidRecordException(r.topic(), r.partition(), r.offset(), rawId, what);
    }

}
