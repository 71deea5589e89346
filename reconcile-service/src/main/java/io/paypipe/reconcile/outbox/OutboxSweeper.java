package io.paypipe.reconcile.outbox;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.raw.NotificationPublisher;
import io.paypipe.reconcile.raw.NotificationPublisher.Publication;
import io.paypipe.reconcile.raw.RawPayment;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedRuntimeException;
import org.springframework.stereotype.Component;

/**
 * The raw table is the outbox: ingress stores a row, acknowledges the channel and
 * publishes; a row whose publish was lost (or whose record the pipeline dropped) stays at
 * handled=0. Each sweep, in bounded batches ({@code reconcile.outbox.batch-size}, oldest
 * id first):
 * <ol>
 * <li>publishes again every {@code pay_notify_raw} row at handled=0 whose last activity
 * is older than {@code reconcile.outbox.republish-after}, as the same
 * {@code PaymentNotified} (same event id, same key, same raw-id header: the processor's
 * idempotency makes a copy harmless), waits for the broker, then records
 * {@code last_republished_at} (guarded by handled=0); a publish that fails ends this part
 * of the sweep (the broker is likely down) and the next sweep tries again;</li>
 * <li>raises one RAW_NOT_PUBLISHED alert per payment row still at handled=0
 * {@code reconcile.outbox.alert-after} after it was stored, or due but stored without its
 * payment state (it cannot be rebuilt, so it is not published);</li>
 * <li>the same alert for {@code pay_refund_raw} rows at handled=0 past alert-after (no
 * publish: refund notices have no outbox yet).</li>
 * </ol>
 * Runs every {@code reconcile.outbox.interval} ({@link OutboxSchedule}); two instances
 * sweeping at once publish a row twice at worst.
 */
@Component
class OutboxSweeper {

    private static final Logger log = LoggerFactory.getLogger(OutboxSweeper.class);

    /** What one sweep did. */
    record SweepReport(int republished, int settledMeanwhile, int alerts, boolean publishFailed) {

        boolean idle() {
            return republished == 0 && settledMeanwhile == 0 && alerts == 0 && !publishFailed;
        }

    }

    private final RawOutboxRepository rows;

    private final NotificationPublisher publisher;

    private final RawAlerts alerts;

    private final ReconcileProperties.Outbox config;

    private final Clock clock;

    private final Counter sweeps;

    private final Counter failedSweeps;

    private final DistributionSummary republishedPerSweep;

    OutboxSweeper(RawOutboxRepository rows, NotificationPublisher publisher, RawAlerts alerts,
            ReconcileProperties props, Clock clock, MeterRegistry meters) {
        this.rows = rows;
        this.publisher = publisher;
        this.alerts = alerts;
        this.config = props.outbox();
        this.clock = clock;
        this.sweeps = Counter.builder("reconcile.outbox.sweeps").tag("result", "ok").register(meters);
        this.failedSweeps = Counter.builder("reconcile.outbox.sweeps").tag("result", "failed").register(meters);
        this.republishedPerSweep = DistributionSummary.builder("reconcile.outbox.republished")
            .description("raw rows one outbox sweep published again to payment.notify (at most the batch size)")
            .register(meters);
    }

    /**
     * The scheduler's entry: one sweep; a failure (database down) is logged, never
     * thrown.
     */
    void sweepQuietly() {
        try {
            SweepReport report = sweep();
            sweeps.increment();
            republishedPerSweep.record(report.republished() + report.settledMeanwhile());
            if (!report.idle()) {
                log.info("outbox sweep: {} published again, {} settled meanwhile, {} alerts raised{}",
                        report.republished(), report.settledMeanwhile(), report.alerts(), report.publishFailed()
                                ? ", publish failed (next sweep in " + config.interval().toMillis() + " ms)" : "");
            }
        }
        catch (RuntimeException e) {
            failedSweeps.increment();
            log.error("outbox sweep failed, next one in {} ms: {}", config.interval().toMillis(), reason(e));
        }
    }

    /** One sweep; a database failure is thrown. */
    SweepReport sweep() {
        Instant now = clock.instant();
        Instant republishBefore = now.minus(config.republishAfter());
        Instant alertBefore = now.minus(config.alertAfter());
        int republished = 0;
        int settledMeanwhile = 0;
        int raised = 0;
        boolean publishFailed = false;
        for (RawPayment row : rows.dueForRepublish(republishBefore, config.batchSize())) {
            switch (republish(row, now)) {
                case Republish.DONE -> republished++;
                case Republish.SETTLED_MEANWHILE -> settledMeanwhile++;
                case Republish.FAILED -> publishFailed = true;
                case Republish.ALERTED -> raised++;
                case Republish.ALERTED_BEFORE -> {
                }
            }
            if (publishFailed) {
                break;
            }
        }
        for (StuckRaw row : rows.stuckPayments(alertBefore, republishBefore,
                RawAlerts.keyPrefix(StuckRaw.Table.PAYMENTS), config.batchSize())) {
            raised += alerts.raise(row,
                    row.stateMissing()
                            ? "stored without payment_state (before V10), so it cannot be published again; "
                                    + "settle it by hand or have the channel push it again"
                            : "published again to payment.notify every " + config.republishAfter().toMinutes()
                                    + " min without effect; look at the processor and payment.notify-dlt",
                    now) ? 1 : 0;
        }
        for (StuckRaw row : rows.stuckRefunds(alertBefore, RawAlerts.keyPrefix(StuckRaw.Table.REFUNDS),
                config.batchSize())) {
            raised += alerts.raise(row, "look at refund-service and refund.notify-dlt", now) ? 1 : 0;
        }
        return new SweepReport(republished, settledMeanwhile, raised, publishFailed);
    }

    /** The failure without the statement's text: what failed, and its root. */
    private static String reason(RuntimeException e) {
        return e instanceof NestedRuntimeException nested
                ? e.getClass().getSimpleName() + " <- " + nested.getMostSpecificCause() : e.toString();
    }

    private enum Republish {

        DONE, SETTLED_MEANWHILE, FAILED, ALERTED, ALERTED_BEFORE

    }

    private Republish republish(RawPayment row, Instant now) {
        return switch (publisher.publish(row)) {
            case Publication.Impossible(String reason) ->
                alerts.raise(StuckRaw.of(row), reason, now) ? Republish.ALERTED : Republish.ALERTED_BEFORE;
            case Publication.Failed(PaymentNotified event, String reason) -> {
                log.error("outbox: publish again failed rawId={} eventId={} key={}: {}; the next sweep tries again",
                        row.id(), event.eventId(), event.orderKey().kafkaKey(), reason);
                yield Republish.FAILED;
            }
            case Publication.Confirmed(PaymentNotified event) -> {
                if (rows.markRepublished(row.id(), now)) {
                    log.warn(
                            "outbox: rawId={} unsettled since {} published again eventId={} key={} tradeNo={} "
                                    + "state={} source={}",
                            row.id(), row.createdAt(), event.eventId(), event.orderKey().kafkaKey(),
                            row.channelTradeNo(), row.tradeState(), row.source());
                    yield Republish.DONE;
                }
                log.info("outbox: rawId={} published again eventId={} key={}, settled meanwhile", row.id(),
                        event.eventId(), event.orderKey().kafkaKey());
                yield Republish.SETTLED_MEANWHILE;
            }
        };
    }

}
