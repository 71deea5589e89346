package io.paypipe.processor.alert;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.OrderId;
import java.time.Instant;

/**
 * Builds alerts. The key says what the alert is about, so raising it again (a redelivered
 * record) is harmless: {@code <kind>:payment:<raw id>} for one notification,
 * {@code <kind>:order:<order id>} for an order,
 * {@code <kind>:dlt:<topic>:<partition>:<offset>} for one dead letter.
 */
public final class Alerts {

    private Alerts() {
    }

    public static OpsAlertRaised about(PaymentNotified n, Kind kind, Severity severity, String message, Instant now) {
        return of(kind.name() + ":payment:" + n.rawId(), kind, severity,
                new About(n.orderKey().tenantId().value(), n.orderKey().merchantId().value(),
                        n.orderKey().outTradeNo().value(), n.channel().code(), n.channelTradeNo().value(), n.rawId()),
                message, now);
    }

    /**
     * About an order as a whole (one alert per order and kind), raised while handling
     * notification {@code n}.
     */
    public static OpsAlertRaised aboutOrder(OrderId orderId, PaymentNotified n, Kind kind, String message,
            Instant now) {
        return of(kind.name() + ":order:" + orderId, kind, Severity.ERROR,
                new About(n.orderKey().tenantId().value(), n.orderKey().merchantId().value(),
                        n.orderKey().outTradeNo().value(), n.channel().code(), n.channelTradeNo().value(), n.rawId()),
                message, now);
    }

    /** About one record of a dead-letter topic. */
    public static OpsAlertRaised aboutDeadLetter(String topic, int partition, long offset, Kind kind, About about,
            String message, Instant now) {
        return of(kind.name() + ":dlt:" + topic + ":" + partition + ":" + offset, kind, Severity.ERROR, about, message,
                now);
    }

    public static OpsAlertRaised of(String key, Kind kind, Severity severity, About about, String message,
            Instant now) {
        return new OpsAlertRaised(OpsAlertRaised.idFor(key), key, kind, severity, about.tenantId(), about.merchantId(),
                about.outTradeNo(), about.channel(), about.channelTradeNo(), about.rawId(), clip(message), now);
    }

    private static String clip(String message) {
        return message.length() <= 512 ? message : message.substring(0, 509) + "...";
    }

    /** What an alert is about; any part may be unknown (null). */
    public record About(String tenantId, String merchantId, String outTradeNo, String channel, String channelTradeNo,
            Long rawId) {

        public static final About NOTHING = new About(null, null, null, null, null, null);

    }

}
