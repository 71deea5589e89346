package io.paypipe.support.alert;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.kafka.EventSender;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Publishes stored alerts to {@code ops.alert} through the service's {@link EventSender},
 * keyed like the order they are about (an order's alerts stay in order).
 */
@Component
public class AlertPublisher {

    private static final Logger log = LoggerFactory.getLogger(AlertPublisher.class);

    private final EventSender sender;

    AlertPublisher(EventSender sender) {
        this.sender = sender;
    }

    /**
     * Waits for the broker; a failure is thrown (the service's own, see its
     * {@link EventSender}).
     */
    public void publish(OpsAlertRaised alert) {
        sender.send(Topics.OPS_ALERT, keyOf(alert), alert.eventId(), alert);
    }

    /**
     * Sends without waiting, for a caller that publishes many events at once; the
     * failure, if any, comes from {@link EventSender.Pending#await}.
     */
    public EventSender.Pending publishLater(OpsAlertRaised alert) {
        return sender.sendLater(Topics.OPS_ALERT, keyOf(alert), alert.eventId(), alert);
    }

    /**
     * For an alert that is stored already, or on a last-resort path: a broker that cannot
     * take it is logged.
     */
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
