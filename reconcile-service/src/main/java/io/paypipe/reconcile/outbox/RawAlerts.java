package io.paypipe.reconcile.outbox;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * RAW_NOT_PUBLISHED alerts, one per raw row: the key is
 * {@code RAW_NOT_PUBLISHED:payment:<raw
 * id>} or {@code RAW_NOT_PUBLISHED:refund-notice:<raw id>}, so raising it again (the next
 * sweep, another instance) stores nothing. Stored in {@code ops_alert} first, then (only
 * by the call that stored it) published to {@code ops.alert} keyed like the order it is
 * about, as the processor does; a broker that cannot take it is logged.
 */
@Component
class RawAlerts {

    static final Kind KIND = Kind.RAW_NOT_PUBLISHED;

    private static final Logger log = LoggerFactory.getLogger(RawAlerts.class);

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    RawAlerts(AlertRepository alerts, AlertPublisher publisher) {
        this.alerts = alerts;
        this.publisher = publisher;
    }

    static String keyPrefix(StuckRaw.Table table) {
        return table.alertKeyPrefix(KIND.name());
    }

    /**
     * Raises the alert of {@code row} unless it exists; {@code why} ends its message.
     * True when this call stored it.
     */
    boolean raise(StuckRaw row, String why, Instant now) {
        String key = keyPrefix(row.table()) + row.id();
        Duration age = Duration.between(row.createdAt(), now);
        String message = "%s row %d (%s merchant %s order %s trade %s) still unsettled (handled=0) %d min after it was stored: %s"
            .formatted(row.table().table(), row.id(), row.channel(), row.merchantId(), row.outTradeNo(),
                    row.channelTradeNo(), age.toMinutes(), why);
        OpsAlertRaised alert = Alerts.of(key, KIND, Severity.ERROR, new About(row.tenantId(), row.merchantId(),
                row.outTradeNo(), row.channel(), row.channelTradeNo(), row.id()), message, now);
        if (!alerts.raise(alert)) {
            return false;
        }
        log.error("RAW_NOT_PUBLISHED {} rawId={} {} merchant={} out_trade_no={} stored {} min ago: {}",
                row.table().table(), row.id(), row.channel(), row.merchantId(), row.outTradeNo(), age.toMinutes(), why);
        publisher.publishQuietly(alert);
        return true;
    }

}
