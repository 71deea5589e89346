package io.paypipe.reconcile.query;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.id.OrderKey;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The active query's alerts, one per order and kind: key {@code <kind>:order:<order id>},
 * stored in {@code ops_alert} (a second raise stores nothing) and, by the call that
 * stored it, published to {@code ops.alert} (a broker that cannot take it is logged).
 * Raised before the chain's state moves, so a failure on the way raises it on the next
 * try.
 */
@Component
class QueryAlerts {

    private static final Logger log = LoggerFactory.getLogger(QueryAlerts.class);

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    private final Clock clock;

    QueryAlerts(AlertRepository alerts, AlertPublisher publisher, Clock clock) {
        this.alerts = alerts;
        this.publisher = publisher;
        this.clock = clock;
    }

    /** An answer the product cannot decide on; a person decides (ERROR). */
    void undecided(long orderId, OrderKey key, String channel, String why) {
        raise(Kind.QUERY_UNDECIDED, Severity.ERROR, orderId, key, channel, null, null, why);
    }

    /** Closing the expired order at its channel failed for good (ERROR). */
    void closeFailed(long orderId, OrderKey key, String channel, String why) {
        raise(Kind.ORDER_CLOSE_FAILED, Severity.ERROR, orderId, key, channel, null, null, why);
    }

    /**
     * The channel said paid while the expiry closed the order: the payment is kept (WARN,
     * for the record).
     */
    void paidDuringClose(long orderId, OrderKey key, String channel, String tradeNo, long rawId) {
        raise(Kind.PAID_DURING_CLOSE, Severity.WARN, orderId, key, channel, tradeNo, rawId,
                "the channel refused to close the expired order: it was paid (trade " + tradeNo + ", raw " + rawId
                        + "); the payment goes through as a notification, the order is not closed");
    }

    /** The close was refused as paid before the payment itself was read. */
    void paidDuringClose(long orderId, OrderKey key, String channel) {
        raise(Kind.PAID_DURING_CLOSE, Severity.WARN, orderId, key, channel, null, null,
                "the channel refused to close the expired order: it was paid; the order is queried again and its "
                        + "payment goes through as a notification, the order is not closed");
    }

    private void raise(Kind kind, Severity severity, long orderId, OrderKey key, String channel, String tradeNo,
            Long rawId, String message) {
        String alertKey = kind.name() + ":order:" + orderId;
        OpsAlertRaised alert = Alerts.of(alertKey, kind, severity, About.of(key, channel, tradeNo, rawId),
                "order " + key.outTradeNo() + " of merchant " + key.merchantId() + " (" + channel + "): " + message,
                clock.instant());
        if (alerts.raise(alert)) {
            log.warn("alert {} raised for order {}: {}", alertKey, key, message);
            publisher.publishQuietly(alert);
        }
        else {
            log.info("alert {} was raised before", alertKey);
        }
    }

}
