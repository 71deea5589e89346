package io.paypipe.refund.alert;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.publish.EventPublisher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Publishes stored alerts to {@code ops.alert}, keyed like the order they are about.
 */
@Component
public class AlertPublisher {

    private static final Logger log = LoggerFactory.getLogger(AlertPublisher.class);

    private final EventPublisher publisher;

    AlertPublisher(EventPublisher publisher) {
        this.publisher = publisher;
    }

    /** Waits for the broker; a failure is thrown (transient). */
    public void publish(OpsAlertRaised alert) {
        publisher.send(Topics.OPS_ALERT, keyOf(alert), alert.eventId(), alert);
    }

    /** For an alert that is stored already: a broker that cannot take it is logged. */
    public boolean publishQuietly(OpsAlertRaised alert) {
        try {
            publish(alert);
            return true;
        }
        catch (RuntimeException e) {
            log.warn("alert {} not published to ops.alert: {}", alert.alertKey(), e.toString());
            return false;
        }
    }

    static String keyOf(OpsAlertRaised a) {
        return a.outTradeNo() == null ? a.alertKey() : a.tenantId() + "|" + a.merchantId() + "|" + a.outTradeNo();
    }

}
