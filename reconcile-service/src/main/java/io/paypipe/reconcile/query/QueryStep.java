package io.paypipe.reconcile.query;

import io.paypipe.channel.query.ChannelQueryRegistry;
import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.reconcile.order.OrderCloser;
import io.paypipe.support.order.OrderColumns;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One query of an ACTIVE chain (its rate permit taken) and the explicit switch over the
 * channel's answer:
 * <ul>
 * <li>Paid, Refunded, Closed with a trade: the same path as a callback
 * ({@link FoundPayments}), DONE;</li>
 * <li>Closed without a trade (WeChat): closed locally as the channel said
 * (PAYMENT_CLOSED), DONE;</li>
 * <li>Waiting: the next attempt of the ladder, or past the expiry: closing at the
 * channel;</li>
 * <li>NotFound: the next attempt, or past the expiry: a person (QUERY_UNDECIDED), the
 * order stays PENDING: not found is never "unpaid" (a wrong merchant gets it too);</li>
 * <li>RateLimited, Failed: the same attempt after the error ladder, a person past the
 * expiry plus the grace;</li>
 * <li>Unknown: a person.</li>
 * </ul>
 */
@Component
final class QueryStep {

    private static final Logger log = LoggerFactory.getLogger(QueryStep.class);

    private final ChannelQueryRegistry channels;

    private final FoundPayments found;

    private final OrderCloser closer;

    private final ChainMoves moves;

    QueryStep(ChannelQueryRegistry channels, FoundPayments found, OrderCloser closer, ChainMoves moves) {
        this.channels = channels;
        this.found = found;
        this.closer = closer;
        this.moves = moves;
    }

    static QueriedOrder queried(OrderColumns order) {
        return new QueriedOrder(order.key(), order.spMerchantId(), order.channel(), order.amount(),
                order.channelTradeNo());
    }

    void query(QueryChain c, OrderColumns order, Ladder ladder, int failures) {
        QueryAnswer answer = channels.of(c.channel()).query(queried(order));
        String kind = kind(answer);
        log.info("query chain of order {} (id {}) attempt {}: {} answered {}", c.orderKey(), c.orderId(), c.attempt(),
                c.channel().code(), kind);
        switch (answer) {
            case QueryAnswer.Paid p -> paid(c, order, answer, kind);
            case QueryAnswer.Refunded r -> paid(c, order, answer, kind);
            case QueryAnswer.Closed closed when closed.tradeNo().isPresent() -> paid(c, order, answer, kind);
            case QueryAnswer.Closed closed -> {
                closer.close(order, OrderEvent.PAYMENT_CLOSED, closed.channelState());
                moves.done(c, kind, true);
            }
            case QueryAnswer.Waiting w -> moves.afterNoPayment(c, ladder, kind, () -> moves.startClosing(c, kind));
            case QueryAnswer.NotFound n -> moves.afterNoPayment(c, ladder, kind, () -> moves
                .undecided(c, kind, "the channel never found the order under its merchant (" + n.code()
                        + ") until its expiry " + c.expiresAt()
                        + ": not found is not unpaid; check the merchant and the channel, the order stays PENDING"));
            case QueryAnswer.RateLimited r -> moves.afterFailure(c, ladder, failures, kind);
            case QueryAnswer.Failed f -> moves.afterFailure(c, ladder, failures, kind);
            case QueryAnswer.Unknown u ->
                moves.undecided(c, kind, "the channel answered what the answer table does not know: " + u.what());
        }
    }

    /** The answer's name as logged and kept in {@code payment_query.last_answer}. */
    static String kind(QueryAnswer answer) {
        return switch (answer) {
            case QueryAnswer.Paid p -> "PAID";
            case QueryAnswer.Refunded r -> "REFUNDED";
            case QueryAnswer.Closed c -> "CLOSED";
            case QueryAnswer.Waiting w -> "WAITING";
            case QueryAnswer.NotFound n -> "NOT_FOUND";
            case QueryAnswer.RateLimited r -> "RATE_LIMITED";
            case QueryAnswer.Failed f -> "FAILED";
            case QueryAnswer.Unknown u -> "UNKNOWN";
        };
    }

    private void paid(QueryChain c, OrderColumns order, QueryAnswer answer, String kind) {
        found.record(FoundPayments.in(answer, order).orElseThrow());
        moves.done(c, kind, true);
    }

}
