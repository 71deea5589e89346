package io.paypipe.refund.notify;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.raw.Handled;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A refund notice a person must look at: in one transaction an alert (key
 * {@code <kind>:refund-notice:<raw id>}, so a redelivery raises it once) and its raw row
 * at handled=2; the alert is published after the commit.
 */
@Component
class NoticeAside {

    private static final Logger log = LoggerFactory.getLogger(NoticeAside.class);

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    private final RefundRawRepository raws;

    private final TransactionTemplate tx;

    private final Clock clock;

    NoticeAside(AlertRepository alerts, AlertPublisher publisher, RefundRawRepository raws, TransactionTemplate tx,
            Clock clock) {
        this.alerts = alerts;
        this.publisher = publisher;
        this.raws = raws;
        this.tx = tx;
        this.clock = clock;
    }

    void setAside(RefundNotified n, Kind kind, Severity severity, String message) {
        Instant now = clock.instant();
        OpsAlertRaised alert = Alerts.of(kind.name() + ":refund-notice:" + n.rawId(), kind, severity, about(n), message,
                now);
        tx.executeWithoutResult(status -> {
            alerts.raise(alert);
            raws.settle(n.rawId(), Handled.NEEDS_A_PERSON, message, now);
        });
        log.warn("refund notice raw {} ({} {} of order {}) set aside: {}", n.rawId(), n.channel().code(),
                n.channelState(), n.orderKey(), message);
        publisher.publish(alert);
    }

    static About about(RefundNotified n) {
        return About.of(n.orderKey(), n.channel().code(), n.channelTradeNo().value(), n.rawId());
    }

}
