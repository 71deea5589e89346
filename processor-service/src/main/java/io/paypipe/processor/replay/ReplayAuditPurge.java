package io.paypipe.processor.replay;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.OpsAlertRaised.Severity;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import io.paypipe.support.alert.Alerts;
import io.paypipe.support.alert.Alerts.About;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedRuntimeException;

/**
 * Deletes replay requests ({@code dlt_replay}) made longer than
 * {@code processor.replay-audit.keep} (400 days) ago, and their records. Safe: a replay
 * reads its dead letters from the dead-letter topic (7 days' retention by default), so a
 * request retried after that has nothing left to publish twice, and the processor's
 * effects are idempotent by the raw row and the event id, not by this audit. One INFO
 * line per purge; a failure logs ERROR and raises one RETENTION_FAILED alert per UTC day.
 * Scheduled by {@link ReplayAuditSchedule}.
 */
class ReplayAuditPurge {

    private static final Logger log = LoggerFactory.getLogger(ReplayAuditPurge.class);

    /** What one purge deleted. */
    record Purged(int requests, int records) {
    }

    private final ReplayAuditRows rows;

    private final ProcessorProperties.ReplayAudit config;

    private final Clock clock;

    private final AlertRepository alerts;

    private final AlertPublisher publisher;

    ReplayAuditPurge(ReplayAuditRows rows, ProcessorProperties.ReplayAudit config, Clock clock, AlertRepository alerts,
            AlertPublisher publisher) {
        this.rows = rows;
        this.config = config;
        this.clock = clock;
        this.alerts = alerts;
        this.publisher = publisher;
    }

    /** The scheduler's entry: one purge, never thrown. */
    void purgeQuietly() {
        Instant started = clock.instant();
        try {
            Purged p = purge();
            log.info("replay audit: {} requests and {} records older than {} d deleted, {} ms", p.requests(),
                    p.records(), config.keep().toDays(), clock.millis() - started.toEpochMilli());
        }
        catch (RuntimeException e) {
            failed(e, started);
        }
    }

    /** One purge; a database failure is thrown. */
    Purged purge() {
        Instant before = clock.instant().minus(config.keep());
        int chunk = config.batchSize() * 10;
        int requests = 0;
        int records = 0;
        while (true) {
            List<String> ids = rows.requestsBefore(before, config.batchSize());
            if (ids.isEmpty()) {
                return new Purged(requests, records);
            }
            int deleted;
            do {
                deleted = rows.deleteRecords(ids, chunk);
                records += deleted;
            }
            while (deleted == chunk);
            requests += rows.deleteRequests(ids);
            if (ids.size() < config.batchSize()) {
                return new Purged(requests, records);
            }
        }
    }

    private void failed(RuntimeException e, Instant now) {
        String reason = e instanceof NestedRuntimeException nested
                ? e.getClass().getSimpleName() + " <- " + nested.getMostSpecificCause() : e.toString();
        log.error("replay audit purge failed, next one in {} min: {}", config.interval().toMinutes(), reason);
        String key = Kind.RETENTION_FAILED.name() + ":replay-audit:" + LocalDate.ofInstant(now, ZoneOffset.UTC);
        OpsAlertRaised alert = Alerts.of(key, Kind.RETENTION_FAILED, Severity.WARN, About.NOTHING,
                "replay audit purge failed: " + reason + "; old dlt_replay rows stay until a purge succeeds", now);
        try {
            if (alerts.raise(alert)) {
                publisher.publishQuietly(alert);
            }
        }
        catch (RuntimeException stored) {
            log.error("RETENTION_FAILED alert could not be stored: {}", stored.toString());
        }
    }

}
