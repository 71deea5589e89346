package io.paypipe.processor.transition;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.OrderId;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Instant;

/**
 * The processor's alerts about payments ({@link Alerts} builds them). The key says what
 * the alert is about, so raising it again (a redelivered record) is harmless:
 * {@code <kind>:payment:<raw id>} for one notification, {@code <kind>:order:<order id>}
 * for an order.
 */
final class PaymentAlerts {

    private PaymentAlerts() {
    }

    static OpsAlertRaised about(PaymentNotified n, Kind kind, Severity severity, String message, Instant now) {
        return Alerts.of(kind.name() + ":payment:" + n.rawId(), kind, severity, aboutPayment(n), message, now);
    }

    /**
     * About an order as a whole (one alert per order and kind), raised while handling
     * notification {@code n}.
     */
    static OpsAlertRaised aboutOrder(OrderId orderId, PaymentNotified n, Kind kind, String message, Instant now) {
        return Alerts.of(kind.name() + ":order:" + orderId, kind, Severity.ERROR, aboutPayment(n), message, now);
    }

    private static About aboutPayment(PaymentNotified n) {
        return About.of(n.orderKey(), n.channel().code(), n.channelTradeNo().value(), n.rawId());
    }

}
