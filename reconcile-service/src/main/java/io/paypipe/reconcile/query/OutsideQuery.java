package io.paypipe.reconcile.query;

import io.paypipe.channel.query.ChannelQueryRegistry;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.reconcile.raw.FoundPayment;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A query outside the order's chain, asked on {@code payment.query} by an unverified
 * callback that named a known order (ingress), by a dead letter of {@code payment.notify}
 * (the processor) or by a payment the daily bill lists and the ledger lacks
 * (BILL_CHANNEL_ONLY, reconcile's own comparison): the order is queried once, at once
 * (rate permit as any call), if it is PENDING, or for BILL_CHANNEL_ONLY also CLOSED (the
 * bill says the channel took the money: a Paid answer goes the callback's way and the
 * processor handles the payment of a closed order). A payment (or a trade the channel
 * closed) goes the callback's way and ends the chain; a rate-limited or failed answer is
 * asked again after the error ladder while it lasts; any other answer is left to the
 * order's own chain (logged), an Unknown one also raises QUERY_UNDECIDED. The record's
 * attempt counts nothing here.
 */
@Component
final class OutsideQuery {

    private static final Logger log = LoggerFactory.getLogger(OutsideQuery.class);

    private final ChannelQueryRegistry channels;

    private final FoundPayments found;

    private final QueryRateLimits limits;

    private final QueryLadders ladders;

    private final QuerySchedule schedule;

    private final PaymentQueryRepository chains;

    private final QueryAlerts alerts;

    private final Clock clock;

    OutsideQuery(ChannelQueryRegistry channels, FoundPayments found, QueryRateLimits limits, QueryLadders ladders,
            QuerySchedule schedule, PaymentQueryRepository chains, QueryAlerts alerts, Clock clock) {
        this.channels = channels;
        this.found = found;
        this.limits = limits;
        this.ladders = ladders;
        this.schedule = schedule;
        this.chains = chains;
        this.alerts = alerts;
        this.clock = clock;
    }

    /**
     * Whether a query of {@code reason} asks the channel about an order in
     * {@code status}.
     */
    static boolean asks(Reason reason, OrderStatus status) {
        return status == OrderStatus.PENDING || (reason == Reason.BILL_CHANNEL_ONLY && status == OrderStatus.CLOSED);
    }

    void query(PaymentQueryDue due, OrderColumns order, int failures) {
        if (!asks(due.reason(), order.status())) {
            log.info("{} query of order {}: the order is {}, nothing to ask", due.reason(), order.key(),
                    order.status());
            return;
        }
        if (!limits.tryAcquire(PaymentQueries.account(order.key().merchantId(), order.spMerchantId()))) {
            schedule.again(due, PaymentQueries.SHORTEST, failures);
            return;
        }
        QueryAnswer answer = channels.of(order.channel()).query(QueryStep.queried(order));
        String kind = QueryStep.kind(answer);
        log.info("{} query of order {} (id {}): {} answered {}", due.reason(), order.key(), order.id(),
                order.channel().code(), kind);
        Optional<FoundPayment> payment = FoundPayments.in(answer, order);
        if (payment.isPresent()) {
            found.record(payment.get());
            if (chains.finishFromOutside(order.id().value(), kind, clock.instant())) {
                log.info("query chain of order {}: {} by a {} query -> DONE", order.key(), kind, due.reason());
            }
            return;
        }
        switch (answer) {
            case QueryAnswer.RateLimited r -> retry(due, order, failures, kind);
            case QueryAnswer.Failed f -> retry(due, order, failures, kind);
            case QueryAnswer.Unknown u -> alerts.undecided(order.id().value(), order.key(), order.channel().code(),
                    "a " + due.reason() + " query got what the answer table does not know: " + u.what());
            default -> log.info("{} query of order {}: {}, left to the order's own query chain", due.reason(),
                    order.key(), kind);
        }
    }

    private void retry(PaymentQueryDue due, OrderColumns order, int failures, String kind) {
        Ladder ladder = ladders.of(order.key().merchantId(), order.spMerchantId());
        if (failures + 1 >= ladder.errorBackoff().size()) {
            log.warn("{} query of order {}: {} {} times, left to the order's own query chain", due.reason(),
                    order.key(), kind, failures + 1);
            return;
        }
        PaymentQueryDue again = schedule.again(due, ladder.afterFailure(failures), failures + 1);
        log.info("{} query of order {}: {}, asked again at {}", due.reason(), order.key(), kind, again.dueAt());
    }

}
