package io.paypipe.reconcile.query;

import io.paypipe.channel.query.ChannelQueryRegistry;
import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.reconcile.order.OrderCloser;
import io.paypipe.reconcile.raw.FoundPayment;
import io.paypipe.support.order.OrderColumns;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One close call of a CLOSING chain (an order still waiting at its expiry; its rate
 * permit taken), {@code attempt} counting the close calls:
 * <ul>
 * <li>Closed: the order is closed locally (ORDER_CANCELLED, order.closed), DONE. Since we
 * close at the channel before we close locally, no payment can succeed at the channel
 * after our close;</li>
 * <li>AlreadyPaid: the order is queried at once (a second permit, waited for: the close
 * has just taken the account's token): Paid goes the callback's way (paid once) and
 * raises PAID_DURING_CLOSE, DONE;</li>
 * <li>NotFound: a person (QUERY_UNDECIDED);</li>
 * <li>RateLimited, Failed: the close again after the error ladder, until
 * {@code close-attempts}: then ORDER_CLOSE_FAILED and a person;</li>
 * <li>Unknown: ORDER_CLOSE_FAILED and a person.</li>
 * </ul>
 */
@Component
final class CloseStep {

    private static final Logger log = LoggerFactory.getLogger(CloseStep.class);

    private final ChannelQueryRegistry channels;

    private final FoundPayments found;

    private final OrderCloser closer;

    private final ChainMoves moves;

    private final QueryAlerts alerts;

    CloseStep(ChannelQueryRegistry channels, FoundPayments found, OrderCloser closer, ChainMoves moves,
            QueryAlerts alerts) {
        this.channels = channels;
        this.found = found;
        this.closer = closer;
        this.moves = moves;
        this.alerts = alerts;
    }

    /**
     * {@code permit} takes one more rate permit (for the query after AlreadyPaid),
     * waiting for it briefly.
     */
    void close(QueryChain c, OrderColumns order, Ladder ladder, BooleanSupplier permit) {
        CloseAnswer answer = channels.of(c.channel()).close(QueryStep.queried(order));
        String kind = kind(answer);
        log.info("query chain of order {} (id {}) close {}: {} answered {}", c.orderKey(), c.orderId(), c.attempt(),
                c.channel().code(), kind);
        switch (answer) {
            case CloseAnswer.Closed closed -> {
                closer.close(order, OrderEvent.ORDER_CANCELLED, "EXPIRED");
                moves.done(c, kind, true);
            }
            case CloseAnswer.AlreadyPaid paid -> paidDuringClose(c, order, ladder, permit, kind);
            case CloseAnswer.NotFound n -> moves.undecided(c, kind, "the channel does not find the expired order to "
                    + "close it (" + n.code() + "): not found is not unpaid; the order stays PENDING");
            case CloseAnswer.RateLimited r -> failed(c, ladder, kind, r.code());
            case CloseAnswer.Failed f -> failed(c, ladder, kind, f.reason());
            case CloseAnswer.Unknown u ->
                moves.closeFailed(c, kind, "the channel answered the close with what the table does not know: "
                        + u.what() + "; the order stays PENDING");
        }
    }

    static String kind(CloseAnswer answer) {
        return switch (answer) {
            case CloseAnswer.Closed c -> "CLOSE_CLOSED";
            case CloseAnswer.AlreadyPaid p -> "CLOSE_ALREADY_PAID";
            case CloseAnswer.NotFound n -> "CLOSE_NOT_FOUND";
            case CloseAnswer.RateLimited r -> "CLOSE_RATE_LIMITED";
            case CloseAnswer.Failed f -> "CLOSE_FAILED";
            case CloseAnswer.Unknown u -> "CLOSE_UNKNOWN";
        };
    }

    private void failed(QueryChain c, Ladder ladder, String kind, String why) {
        if (ladder.lastClose(c.attempt())) {
            moves.closeFailed(c, kind, "closing the expired order at its channel failed " + ladder.closeAttempts()
                    + " times (last: " + why + "); the order stays PENDING and can still be paid");
            return;
        }
        moves.next(c, ladder.afterFailure(c.attempt()), kind);
    }

    private void paidDuringClose(QueryChain c, OrderColumns order, Ladder ladder, BooleanSupplier permit, String kind) {
        if (!permit.getAsBoolean()) {
            // not the close again (it would take this chain's permit and find it paid
            // again, forever): back to querying, whose Paid answer takes the callback's
            // way
            alerts.paidDuringClose(c.orderId(), c.orderKey(), c.channel().code());
            moves.queryAgain(c, kind);
            return;
        }
        QueryAnswer answer = channels.of(c.channel()).query(QueryStep.queried(order));
        log.info("query chain of order {}: the close found it paid; the query answered {}", c.orderKey(),
                QueryStep.kind(answer));
        Optional<FoundPayment> payment = FoundPayments.in(answer, order)
            .filter(p -> p.state() == PaymentState.SUCCEEDED);
        if (payment.isPresent()) {
            long rawId = found.record(payment.get());
            alerts.paidDuringClose(c.orderId(), c.orderKey(), c.channel().code(), payment.get().tradeNo().value(),
                    rawId);
            moves.done(c, "PAID_DURING_CLOSE", true);
            return;
        }
        switch (answer) {
            case QueryAnswer.RateLimited r -> failed(c, ladder, kind, "then the query: " + QueryStep.kind(answer));
            case QueryAnswer.Failed f -> failed(c, ladder, kind, "then the query: " + QueryStep.kind(answer));
            default -> moves.undecided(c, kind, "the channel refused the close as paid, but its query answers "
                    + QueryStep.kind(answer) + "; the order stays PENDING");
        }
    }

}
