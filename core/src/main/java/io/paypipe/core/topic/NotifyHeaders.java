package io.paypipe.core.topic;

import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * Record headers of {@code payment.notify} and {@code refund.notify}, set by ingress.
 * They let a consumer find the raw row a record is about without reading the value: a
 * record whose value cannot be read (a rolling deploy, a field the consumer does not know
 * yet) still names its row, so its dead letter settles that row and alerts.
 */
public final class NotifyHeaders {

    /**
     * The id of the raw row ({@code pay_notify_raw} on payment.notify,
     * {@code pay_refund_raw} on refund.notify), decimal text.
     */
    public static final String RAW_ID = "paypipe-raw-id";

    private NotifyHeaders() {
    }

    public static byte[] rawIdValue(long rawId) {
        return Long.toString(rawId).getBytes(StandardCharsets.UTF_8);
    }

    /** The raw id the headers carry, if any and if it is a positive decimal number. */
    public static OptionalLong rawId(Headers headers) {
        Header h = headers == null ? null : headers.lastHeader(RAW_ID);
        if (h == null || h.value() == null || h.value().length == 0 || h.value().length > 19) {
            return OptionalLong.empty();
        }
        try {
            long id = Long.parseLong(new String(h.value(), StandardCharsets.UTF_8));
            return id > 0 ? OptionalLong.of(id) : OptionalLong.empty();
        }
        catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

}
