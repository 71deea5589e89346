package io.paypipe.ingress.rederive;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.NotifyPublisher;
import io.paypipe.ingress.intake.NotifyPublisher.Publication;
import io.paypipe.ingress.intake.VerifiedPayment;
import io.paypipe.ingress.rederive.RederiveReport.Action;
import io.paypipe.ingress.rederive.RederiveReport.Row;
import io.paypipe.ingress.rederive.StoredPayment.Derived;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Re-derives stored payment rows: each row of the filter, in batches by id, has its body
 * checked and classified again by its channel's current code ({@link StoredBodies}); a
 * row whose derived columns now differ is, with apply, updated through a guarded UPDATE
 * (handled back to 0) and published to {@code payment.notify} as ingress published it
 * (key {@code tenant|merchant|out_trade_no}, event id {@link PaymentNotified#idFor} of
 * the row, received at {@code created_at}), so the processor's own guards decide. A dry
 * run reads and reports only. Rows that are unchanged are counted, not touched.
 */
@Service
class Rederivation {

    private static final Logger log = LoggerFactory.getLogger(Rederivation.class);

    /**
     * What one request asks, of either table: {@code by} and {@code reason} are required
     * with apply.
     */
    record Request(RederiveFilter filter, boolean apply, String by, String reason, long afterId) {
    }

    private final RederiveRepository rows;

    private final RederiveAudit audits;

    private final StoredBodies.ByChannel channels;

    private final NotifyPublisher publisher;

    private final RederiveAlerts alerts;

    private final RederivePages pages;

    private final Clock clock;

    Rederivation(RederiveRepository rows, RederiveAudit audits, StoredBodies.ByChannel channels,
            NotifyPublisher publisher, RederiveAlerts alerts, RederivePages pages, Clock clock) {
        this.rows = rows;
        this.audits = audits;
        this.channels = channels;
        this.publisher = publisher;
        this.alerts = alerts;
        this.pages = pages;
        this.clock = clock;
    }

    RederiveReport run(Request request) {
        return pages.run(RederiveRepository.TABLE, request, rows::page, (id, row) -> one(id, row, request));
    }

    private Row one(String id, StoredPayment row, Request request) {
        String before = row.derived().toString();
        if (row.body() == null) {
            return row(row, Action.SKIPPED, before, null, "no body, on the row or in pay_notify_raw_archive");
        }
        if (!StoredPayment.CALLBACK.equals(row.source())) {
            return row(row, Action.SKIPPED, before, null, "learnt by the active query (source " + row.source()
                    + "): its body is the channel's query answer, read by reconcile-service, not a callback");
        }
        Optional<StoredBodies> channel = channels.of(row.channel());
        if (channel.isEmpty()) {
            return row(row, Action.SKIPPED, before, null, StoredBodies.ByChannel.notStored(row.channel()));
        }
        Check<Classified> check = channel.get().recheck(row.merchantId(), row.spMerchantId(), row.body());
        Row result = switch (check) {
            case Check.Rejected<Classified> r -> row(row, Action.REJECTED, before, null,
                    "stored body fails the check: " + r.rejection() + " (" + r.detail() + ")");
            case Check.Ok<Classified>(Classified.Payment(VerifiedPayment p)) -> compare(row, p);
            case Check.Ok<Classified> other -> row(row, Action.MISMATCH, before, null,
                    "the current classifier makes it no payment: " + other.value().getClass().getSimpleName());
        };
        if (!request.apply()) {
            return result;
        }
        return switch (result.action()) {
            case REJECTED, MISMATCH -> setAside(id, row, result, request);
            case WOULD_REDERIVE -> apply(id, row, result, payment(check), request);
            default -> result;
        };
    }

    private Row compare(StoredPayment row, VerifiedPayment p) {
        List<String> differ = row.identityDifferences(p);
        Derived now = Derived.of(p);
        if (!differ.isEmpty()) {
            return row(row, Action.MISMATCH, row.derived().toString(), now.toString(),
                    "the body names another payment: " + String.join(", ", differ) + " differ");
        }
        if (now.equals(row.derived())) {
            return row(row, Action.UNCHANGED, row.derived().toString(), now.toString(), null);
        }
        return row(row, Action.WOULD_REDERIVE, row.derived().toString(), now.toString(), "derived columns differ");
    }

    private Row setAside(String id, StoredPayment row, Row result, Request request) {
        log.warn("rederive {} rawId={} {} key={} not re-derived: {}", id, row.id(), row.channel(), row.orderKey(),
                result.detail());
        audits.audit(id, RederiveRepository.TABLE, result, request.by(), request.reason(), clock.instant());
        alerts.rejected(RederiveRepository.TABLE, row.about(),
                "re-derive of raw row " + row.id() + ": " + result.detail(), clock.instant());
        return result;
    }

    private static VerifiedPayment payment(Check<Classified> check) {
        if (check instanceof Check.Ok<Classified>(Classified.Payment(VerifiedPayment p))) {
            return p;
        }
        throw new IllegalStateException("only a payment is re-derived");
    }

    private Row apply(String id, StoredPayment row, Row planned, VerifiedPayment p, Request request) {
        long audit = audits.audit(id, RederiveRepository.TABLE, planned, request.by(), request.reason(),
                clock.instant());
        if (!rows.rederive(row, Derived.of(p), clock.instant())) {
            Row conflict = planned.with(Action.CONFLICT, "the row changed meanwhile: untouched, run again");
            audits.audited(audit, Action.CONFLICT, conflict.detail(), null, clock.instant());
            return conflict;
        }
        PaymentNotified event = p.event(row.id(), row.createdAt());
        String key = p.orderKey().kafkaKey();
        Row result = switch (publisher.publish(Topics.PAYMENT_NOTIFY, key, event, row.id())) {
            case Publication.Confirmed(int partition, long offset) -> {
                log.info("rederive {} rawId={} key={} {} -> {} published eventId={} partition={} offset={}", id,
                        row.id(), key, planned.before(), planned.after(), event.eventId(), partition, offset);
                yield planned.with(Action.REDERIVED, "published " + event.eventId());
            }
            case Publication.Failed(String reason) -> {
                log.error("rederive {} rawId={} key={} updated but not published ({}): the outbox publishes it", id,
                        row.id(), key, reason);
                yield planned.with(Action.PUBLISH_FAILED,
                        "updated, not published (" + reason + "): reconcile-service's outbox publishes it");
            }
        };
        audits.audited(audit, result.action(), result.detail(), event.eventId().value(), clock.instant());
        return result;
    }

    private static Row row(StoredPayment row, Action action, String before, String after, String detail) {
        return new Row(row.id(), row.channel(), row.orderKey(), null, row.handled(), action, before, after, detail);
    }

}
