package io.paypipe.reconcile.status;

import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.status.StatusView.Example;
import io.paypipe.reconcile.status.StatusView.NumberView;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Service;

/**
 * The numbers to read first in the morning (seed 004): raw rows at handled=0 older than
 * {@code reconcile.status.unsettled-after} (a callback came in and was not finished), raw
 * rows at handled=2 untouched for {@code reconcile.status.set-aside-after} (set aside and
 * nobody looked), for payments and refunds alike; orders still PENDING past
 * {@code reconcile.query.expiry}; query chains in flight; merchant days whose latest bill
 * reconciliation is BLOCKED (a bill nobody may call complete) and reconciliation
 * differences still OPEN after {@code reconcile.status.unsettled-after}. All zero does
 * not prove that no payment was lost (a callback that never arrived leaves no row): the
 * active query and the bill reconciliation cover that, and their failures count here.
 */
@Service
class MorningNumbers {

    private final StatusRepository repository;

    private final ReconcileProperties props;

    private final Clock clock;

    MorningNumbers(StatusRepository repository, ReconcileProperties props, Clock clock) {
        this.repository = repository;
        this.props = props;
        this.clock = clock;
    }

    /** Every number now, for {@code merchant} or all merchants (null). */
    StatusView read(String merchant) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Duration unsettled = props.status().unsettledAfter();
        Duration setAside = props.status().setAsideAfter();
        Duration expiry = props.query().expiry();
        List<NumberView> numbers = List.of(
                number("payments_unsettled", "pay_notify_raw handled=0 stored more than " + text(unsettled) + " ago",
                        repository.paymentsUnsettled(now.minus(unsettled), merchant), now),
                number("payments_set_aside", "pay_notify_raw handled=2 untouched for more than " + text(setAside),
                        repository.paymentsSetAside(now.minus(setAside), merchant), now),
                number("orders_past_expiry", "orders PENDING created more than " + text(expiry) + " ago",
                        repository.ordersPendingPastExpiry(now.minus(expiry), merchant), now),
                number("queries_in_flight", "payment_query ACTIVE or CLOSING", repository.queriesInFlight(merchant),
                        now),
                number("refunds_unsettled", "pay_refund_raw handled=0 stored more than " + text(unsettled) + " ago",
                        repository.refundsUnsettled(now.minus(unsettled), merchant), now),
                number("refunds_set_aside", "pay_refund_raw handled=2 untouched for more than " + text(setAside),
                        repository.refundsSetAside(now.minus(setAside), merchant), now),
                number("recon_days_blocked", "recon_batch days whose latest batch is BLOCKED",
                        repository.reconDaysBlocked(merchant), now),
                number("recon_diffs_open", "recon_diff OPEN found more than " + text(unsettled) + " ago",
                        repository.reconDiffsOpen(now.minus(unsettled), merchant), now));
        int nonzero = (int) numbers.stream().filter(n -> n.count() > 0).count();
        return new StatusView(now, merchant, nonzero, numbers);
    }

    private static NumberView number(String name, String what, Figure figure, Instant now) {
        Example oldest = figure.oldest()
            .map(o -> new Example(id(o, Figure.Ref.RAW), id(o, Figure.Ref.ORDER), id(o, Figure.Ref.BATCH),
                    id(o, Figure.Ref.DIFF), o.channel(), o.merchantId(), o.outTradeNo(), o.since(),
                    Math.max(0, Duration.between(o.since(), now).toSeconds())))
            .orElse(null);
        return new NumberView(name, what, figure.count(), oldest);
    }

    private static Long id(Figure.Oldest oldest, Figure.Ref ref) {
        return (oldest.ref() == ref) ? oldest.id() : null;
    }

    /**
     * {@code 10m}, {@code 24h}, {@code 1h30m}: a duration as the configuration writes it.
     */
    static String text(Duration d) {
        return d.toString().substring(2).toLowerCase(Locale.ROOT);
    }

}
