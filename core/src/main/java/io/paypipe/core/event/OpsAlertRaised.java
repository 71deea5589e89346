package io.paypipe.core.event;

import io.paypipe.core.id.EventId;
import java.time.Instant;

/**
 * Something a person must look at. {@code alertKey} identifies the alert (kind + the row it is about) so that
 * raising it again is harmless; the event id is derived from it. The references are null when unknown.
 */
public record OpsAlertRaised(EventId eventId, String alertKey, Kind kind, Severity severity, String tenantId,
                             String merchantId, String outTradeNo, String channel, String channelTradeNo, Long rawId,
                             String message, Instant raisedAt) {

    public enum Kind {
        DOUBLE_PAYMENT, PAID_AFTER_CLOSE, ILLEGAL_TRANSITION, MISMATCH, UNKNOWN_STATE, UNKNOWN_ORDER, GAVE_UP
    }

    public enum Severity {
        WARN, ERROR
    }

    public static EventId idFor(String alertKey) {
        return EventId.derived("ops.alert", alertKey);
    }
}
