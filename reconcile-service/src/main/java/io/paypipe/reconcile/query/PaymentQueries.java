package io.paypipe.reconcile.query;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.order.OrderRepository;
import io.paypipe.reconcile.query.QueryChain.State;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One due {@code PaymentQueryDue} record, the delayed topics' and {@code payment.query}'s
 * one service call. A record of the order's own chain (reason ORDER_CREATED):
 * <ol>
 * <li>it must be the chain's live record ({@link QueryChain#isLive}): a duplicate or a
 * record a later step replaced does nothing; a record read before the step that published
 * it moved the row ({@link QueryChain#mayBeAheadOf}, a record due at once) is handled
 * again after {@code handling-retry} (transient), for {@value #AHEAD_RETRIES} retries at
 * most;</li>
 * <li>the order is read again: no longer PENDING (paid or closed meanwhile), the chain is
 * DONE;</li>
 * <li>a rate permit of the calling account ({@link QueryRateLimits}): none, the same
 * record waits on the shortest delayed topic;</li>
 * <li>ACTIVE: the query and its answer ({@link QueryStep}); CLOSING: the close
 * ({@link CloseStep}), whose query after a close that found the order paid waits for the
 * account's next permit ({@link QueryRateLimits#acquireNext}).</li>
 * </ol>
 * Records of other reasons (an unverified callback, a dead letter) query the order once
 * outside its chain ({@link OutsideQuery}).
 */
@Component
final class PaymentQueries {

    /** A wait that goes to the shortest delayed topic. */
    static final Duration SHORTEST = Duration.ofMillis(1);

    private static final Logger log = LoggerFactory.getLogger(PaymentQueries.class);

    private final OrderRepository orders;

    private final PaymentQueryRepository chains;

    private final QueryLadders ladders;

    private final QueryRateLimits limits;

    private final QueryStep queries;

    private final CloseStep closes;

    private final OutsideQuery outside;

    private final ChainMoves moves;

    /**
     * How long past its due time a record ahead of its chain's row is handled again
     * before it is taken for stale (an orphan of a step that crashed between its publish
     * and its move): {@value #AHEAD_RETRIES} handling retries.
     */
    private final Duration aheadGrace;

    private final Clock clock;

    static final int AHEAD_RETRIES = 3;

    PaymentQueries(OrderRepository orders, PaymentQueryRepository chains, QueryLadders ladders, QueryRateLimits limits,
            QueryStep queries, CloseStep closes, OutsideQuery outside, ChainMoves moves, ReconcileProperties properties,
            Clock clock) {
        this.aheadGrace = properties.query().handlingRetry().multipliedBy(AHEAD_RETRIES);
        this.clock = clock;
        this.orders = orders;
        this.chains = chains;
        this.ladders = ladders;
        this.limits = limits;
        this.queries = queries;
        this.closes = closes;
        this.outside = outside;
        this.moves = moves;
    }

    /** The calling account of an order: its service provider, else its merchant. */
    static String account(MerchantId merchant, Optional<MerchantId> sp) {
        return sp.orElse(merchant).value();
    }

    /** Handles {@code due}, due now; its attempt failed {@code failures} times so far. */
    void handle(PaymentQueryDue due, int failures) {
        Optional<OrderColumns> order = orders.find(due.orderKey().merchantId(), due.orderKey().outTradeNo());
        if (order.isEmpty()) {
            log.warn("payment query {} ({}, attempt {}) names order {}, which is not stored: nothing to query",
                    due.eventId(), due.reason(), due.attempt(), due.orderKey());
            return;
        }
        if (due.reason() != Reason.ORDER_CREATED) {
            outside.query(due, order.get(), failures);
            return;
        }
        Optional<QueryChain> row = chains.find(order.get().id().value());
        Optional<QueryChain> chain = row.filter(c -> c.isLive(due));
        if (chain.isEmpty()) {
            if (row.isPresent() && row.get().mayBeAheadOf(due)
                    && clock.instant().isBefore(due.dueAt().plus(aheadGrace))) {
                throw new ChainNotMovedYetException(due.eventId(), due.orderKey(), due.attempt());
            }
            log.info("payment query {} (attempt {} of order {}, due {}) is stale: the chain moved on", due.eventId(),
                    due.attempt(), due.orderKey(), due.dueAt());
            return;
        }
        QueryChain c = chain.get();
        if (order.get().status() != OrderStatus.PENDING) {
            moves.done(c, "ORDER_" + order.get().status(), false);
            return;
        }
        if (!limits.tryAcquire(account(c.orderKey().merchantId(), c.spMerchantId()))) {
            moves.noPermit(c, failures);
            return;
        }
        Ladder ladder = ladders.of(c.orderKey().merchantId(), c.spMerchantId());
        if (c.state() == State.ACTIVE) {
            queries.query(c, order.get(), ladder, failures);
        }
        else {
            closes.close(c, order.get(), ladder,
                    () -> limits.acquireNext(account(c.orderKey().merchantId(), c.spMerchantId())));
        }
    }

}
