package io.paypipe.reconcile.recon.batch;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.diff.DiffCounts;
import io.paypipe.reconcile.recon.intake.BillMerchants;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The alerts of a batch, one per batch and kind: {@code RECON_BLOCKED:<batch id>} (ERROR:
 * a guard refused the bill, it could not be read, or the run died) and
 * {@code RECON_DIFFS:<batch id>} (WARN: open differences wait for a person). Stored in
 * {@code ops_alert} first, then, by the call that stored it, published to
 * {@code ops.alert} (as outbox/RawAlerts does); a broker that cannot take it is logged.
 */
@Component
class ReconAlerts {

    private static final Logger log = LoggerFactory.getLogger(ReconAlerts.class);

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    private final BillMerchants merchants;

    ReconAlerts(AlertRepository alerts, AlertPublisher publisher, BillMerchants merchants) {
        this.alerts = alerts;
        this.publisher = publisher;
        this.merchants = merchants;
    }

    static String key(Kind kind, long batchId) {
        return kind.name() + ":" + batchId;
    }

    void blocked(Batch batch, String reasons, Instant now) {
        String message = batch.describe() + " BLOCKED, the day is not reconciled: " + reasons.replace('\n', ';');
        raise(batch, Kind.RECON_BLOCKED, Severity.ERROR, message, now);
    }

    void diffs(Batch batch, DiffCounts counts, Instant now) {
        String categories = counts.openByCategory()
            .entrySet()
            .stream()
            .filter((e) -> e.getValue() > 0)
            .sorted(Map.Entry.comparingByKey())
            .map((e) -> e.getKey() + " " + e.getValue())
            .collect(Collectors.joining(", "));
        String message = batch.describe() + ": " + counts.open() + " open differences (" + categories + ") of "
                + counts.compared() + " lines compared; see GET /recon/diffs?batchId=" + batch.id();
        raise(batch, Kind.RECON_DIFFS, Severity.WARN, message, now);
    }

    private void raise(Batch batch, Kind kind, Severity severity, String message, Instant now) {
        String tenant = merchants.account(batch.channel(), batch.merchantId())
            .map(BillMerchants.Account::tenant)
            .orElse(null);
        About about = new About(tenant, batch.merchantId(), null, batch.channel().code(), null, null);
        OpsAlertRaised alert = Alerts.of(key(kind, batch.id()), kind, severity, about, message, now);
        if (!alerts.raise(alert)) {
            return;
        }
        if (severity == Severity.ERROR) {
            log.error("alert {} raised: {}", alert.alertKey(), message);
        }
        else {
            log.warn("alert {} raised: {}", alert.alertKey(), message);
        }
        publisher.publishQuietly(alert);
    }

}
