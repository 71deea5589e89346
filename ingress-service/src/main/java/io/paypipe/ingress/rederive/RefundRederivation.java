package io.paypipe.ingress.rederive;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.NotifyPublisher;
import io.paypipe.ingress.intake.NotifyPublisher.Publication;
import io.paypipe.ingress.intake.VerifiedRefund;
import io.paypipe.ingress.rederive.RederiveReport.Action;
import io.paypipe.ingress.rederive.RederiveReport.Row;
import io.paypipe.ingress.rederive.Rederivation.Request;
import io.paypipe.ingress.rederive.StoredRefund.Derived;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Re-derives stored refund notices ({@code pay_refund_raw}) as {@link Rederivation} does
 * payments: each row's body checked and classified again by its channel's current code; a
 * row whose derived values ({@link Derived}: the refund state, the channel's refund id,
 * the amounts) now differ is, with apply, updated through a guarded UPDATE (handled back
 * to 0) and published to {@code refund.notify} as the intake published it (key of its
 * order, event id {@link RefundNotified#idFor} of the row, received at
 * {@code created_at}), so refund-service's own guards (one transition per refund and
 * status) decide. When the broker does not confirm, the row is put back as it was, to be
 * re-derived again (refund rows have no outbox).
 */
@Service
class RefundRederivation {

    private static final Logger log = LoggerFactory.getLogger(RefundRederivation.class);

    private static final String TABLE = RefundRederiveRepository.TABLE;

    private final RefundRederiveRepository rows;

    private final RederiveAudit audits;

    private final StoredBodies.ByChannel channels;

    private final NotifyPublisher publisher;

    private final RederiveAlerts alerts;

    private final RederivePages pages;

    private final Clock clock;

    RefundRederivation(RefundRederiveRepository rows, RederiveAudit audits, StoredBodies.ByChannel channels,
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
        return pages.run(TABLE, request, rows::page, (id, row) -> one(id, row, request));
    }

    private Row one(String id, StoredRefund row, Request request) {
        String before = row.describe(row.derived());
        if (row.body() == null) {
            return row(row, Action.SKIPPED, before, null, "no body, on the row or in pay_refund_raw_archive");
        }
        Optional<StoredBodies> channel = channels.of(row.channel());
        if (channel.isEmpty()) {
            return row(row, Action.SKIPPED, before, null, StoredBodies.ByChannel.notStored(row.channel()));
        }
        Check<Classified> check = channel.get().recheck(row.merchantId(), row.spMerchantId(), row.body());
        Row result = switch (check) {
            case Check.Rejected<Classified> r -> row(row, Action.REJECTED, before, null,
                    "stored body fails the check: " + r.rejection() + " (" + r.detail() + ")");
            case Check.Ok<Classified>(Classified.Refund(VerifiedRefund r)) -> compare(row, r);
            case Check.Ok<Classified> other -> row(row, Action.MISMATCH, before, null,
                    "the current classifier makes it no refund: " + other.value().getClass().getSimpleName());
        };
        if (!request.apply()) {
            return result;
        }
        return switch (result.action()) {
            case REJECTED, MISMATCH -> setAside(id, row, result, request);
            case WOULD_REDERIVE -> apply(id, row, result, refund(check), request);
            default -> result;
        };
    }

    private static Row compare(StoredRefund row, VerifiedRefund r) {
        List<String> differ = row.identityDifferences(r);
        Derived now = Derived.of(r);
        String before = row.describe(row.derived());
        if (!differ.isEmpty()) {
            return row(row, Action.MISMATCH, before, row.describe(now),
                    "the body names another refund or state: " + String.join(", ", differ) + " differ");
        }
        if (row.derives(now)) {
            return row(row, Action.UNCHANGED, before, row.describe(now), null);
        }
        return row(row, Action.WOULD_REDERIVE, before, row.describe(now), row.derived().state() == null
                ? "set aside, derived state not recorded (stored before V18)" : "derived columns differ");
    }

    private Row setAside(String id, StoredRefund row, Row result, Request request) {
        log.warn("rederive {} {} rawId={} {} key={} not re-derived: {}", id, TABLE, row.id(), row.channel(),
                row.orderKey(), result.detail());
        audits.audit(id, TABLE, result, request.by(), request.reason(), clock.instant());
        alerts.rejected(TABLE, row.about(), "re-derive of refund raw row " + row.id() + ": " + result.detail(),
                clock.instant());
        return result;
    }

    private static VerifiedRefund refund(Check<Classified> check) {
        if (check instanceof Check.Ok<Classified>(Classified.Refund(VerifiedRefund r))) {
            return r;
        }
        throw new IllegalStateException("only a refund is re-derived");
    }

    private Row apply(String id, StoredRefund row, Row planned, VerifiedRefund r, Request request) {
        long audit = audits.audit(id, TABLE, planned, request.by(), request.reason(), clock.instant());
        Derived now = Derived.of(r);
        if (!rows.swap(row.id(), row.derived(), row.handled(), now, 0, clock.instant())) {
            Row conflict = planned.with(Action.CONFLICT, "the row changed meanwhile: untouched, run again");
            audits.audited(audit, Action.CONFLICT, conflict.detail(), null, clock.instant());
            return conflict;
        }
        RefundNotified event = r.event(row.id(), row.createdAt());
        String key = r.orderKey().kafkaKey();
        Row result = switch (publisher.publish(Topics.REFUND_NOTIFY, key, event, row.id())) {
            case Publication.Confirmed(int partition, long offset) -> {
                log.info("rederive {} {} rawId={} key={} {} -> {} published eventId={} partition={} offset={}", id,
                        TABLE, row.id(), key, planned.before(), planned.after(), event.eventId(), partition, offset);
                yield planned.with(Action.REDERIVED, "published " + event.eventId());
            }
            case Publication.Failed(String reason) -> {
                boolean restored = rows.swap(row.id(), now, 0, row.derived(), row.handled(), clock.instant());
                log.error("rederive {} {} rawId={} key={} not published ({}), {}", id, TABLE, row.id(), key, reason,
                        restored ? "put back as it was" : "left at handled=0");
                yield planned.with(Action.PUBLISH_FAILED, "not published (" + reason + "): " + (restored
                        ? "the row is put back as it was; run the re-derive again"
                        : "the row changed meanwhile and stays at handled=0; reconcile-service's sweep alerts on it"));
            }
        };
        audits.audited(audit, result.action(), result.detail(), event.eventId().value(), clock.instant());
        return result;
    }

    private static Row row(StoredRefund row, Action action, String before, String after, String detail) {
        return new Row(row.id(), row.channel(), row.orderKey(), row.refundKey(), row.handled(), action, before, after,
                detail);
    }

}
