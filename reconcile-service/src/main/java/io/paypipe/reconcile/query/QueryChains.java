package io.paypipe.reconcile.query;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.MerchantId;
import io.paypipe.reconcile.order.OrderRepository;
import io.paypipe.reconcile.query.QueryChain.State;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Starts an order's query chain on its {@code OrderCreated}: the order's
 * {@code payment_query} row (primary key the order id, so the order must be stored: until
 * the processor stored it the record is retried, {@link OrderNotStoredYetException}),
 * ACTIVE at attempt 0, expiring {@code expiry} after the order's creation, then the first
 * query's record on the delayed topic of {@code first-query-after}, then the row's due
 * time (guarded by "not scheduled yet"). A redelivery finds the row: it schedules the
 * first query only if the earlier delivery stopped before it did.
 */
@Component
final class QueryChains {

    private static final Logger log = LoggerFactory.getLogger(QueryChains.class);

    private final OrderRepository orders;

    private final PaymentQueryRepository chains;

    private final QueryLadders ladders;

    private final QuerySchedule schedule;

    private final Clock clock;

    QueryChains(OrderRepository orders, PaymentQueryRepository chains, QueryLadders ladders, QuerySchedule schedule,
            Clock clock) {
        this.orders = orders;
        this.chains = chains;
        this.ladders = ladders;
        this.schedule = schedule;
        this.clock = clock;
    }

    void start(OrderCreated created) {
        OrderColumns order = orders.find(created.orderKey().merchantId(), created.orderKey().outTradeNo())
            .orElseThrow(() -> new OrderNotStoredYetException(created.orderKey()));
        Optional<MerchantId> sp = order.spMerchantId();
        Ladder ladder = ladders.of(order.key().merchantId(), sp);
        Instant now = clock.instant();
        QueryChain fresh = new QueryChain(order.id().value(), order.key(), sp, order.channel(),
                PaymentQueryDue.Reason.ORDER_CREATED, 0, State.ACTIVE, null, ladder.expiresAt(created.createdAt()),
                null, now);
        boolean inserted = chains.insert(fresh, now);
        QueryChain chain = inserted ? fresh : chains.find(order.id().value()).orElseThrow();
        if (chain.nextDueAt() != null || chain.state() != State.ACTIVE || chain.attempt() != 0) {
            log.info("order {} (id {}) has its query chain already ({} attempt {})", order.key(), order.id(),
                    chain.state(), chain.attempt());
            return;
        }
        PaymentQueryDue first = schedule.publish(chain, 0, ladder.firstWait(created.createdAt(), now), 0);
        if (chains.move(chain.guard(), 0, State.ACTIVE, first.dueAt(), null, false, now)) {
            log.info("order {} (id {}) {}: first query due {}, expires {}", order.key(), order.id(),
                    inserted ? "query chain started" : "query chain's first query scheduled again", first.dueAt(),
                    chain.expiresAt());
        }
    }

}
