package io.paypipe.reconcile.query;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.OrderKey;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.order.OrderRepository;
import io.paypipe.reconcile.publish.EventPublisher;
import io.paypipe.reconcile.query.ChainStartRepository.FirstQuery;
import io.paypipe.reconcile.query.QueryChain.State;
import io.paypipe.reconcile.query.QuerySchedule.Sent;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Starts the query chains of a batch of {@code OrderCreated} (one poll of
 * {@link OrderCreatedBatchListener}) with what {@link QueryChains#start} does for one, in
 * a few statements: the orders read in one SELECT, the new chains inserted as one batch
 * (an existing chain is kept), the chains read back in one SELECT, every first query
 * published before any is awaited, then the due times written as one batch of guarded
 * UPDATEs. A second record of the same order in the batch is the first one's duplicate
 * and does nothing more.
 * <p>
 * Orders the processor has not stored yet are awaited in place for
 * {@code reconcile.query.order-batch.await-orders}; then the records up to the first
 * whose order is still not stored are started, and that record is the failure the
 * listener hands to the retry topics (the ones after it come again). If anything of the
 * batch fails (a statement, a publish the broker did not confirm) the same records are
 * started one by one by {@link QueryChains#start}, which finds the rows already stored
 * and schedules only what is missing; its first failure is the batch's.
 */
@Component
class ChainStarts {

    private static final Logger log = LoggerFactory.getLogger(ChainStarts.class);

    /** The first wait before reading missing orders again; each later wait doubles. */
    private static final long AWAIT_FIRST_POLL_MILLIS = 50;

    /** The longest wait between two reads of missing orders. */
    private static final long AWAIT_MAX_POLL_MILLIS = 400;

    private final OrderRepository orders;

    private final ChainStartRepository rows;

    private final QueryChains oneByOne;

    private final QueryLadders ladders;

    private final QuerySchedule schedule;

    private final EventPublisher publisher;

    private final Clock clock;

    private final MeterRegistry meters;

    private final Duration awaitOrders;

    ChainStarts(OrderRepository orders, ChainStartRepository rows, QueryChains oneByOne, QueryLadders ladders,
            QuerySchedule schedule, EventPublisher publisher, Clock clock, MeterRegistry meters,
            ReconcileProperties props) {
        this.awaitOrders = props.query().orderBatch().awaitOrders();
        this.orders = orders;
        this.rows = rows;
        this.oneByOne = oneByOne;
        this.ladders = ladders;
        this.schedule = schedule;
        this.publisher = publisher;
        this.clock = clock;
        this.meters = meters;
    }

    /** The first record of a batch that failed: its index and why. */
    record Failure(int index, RuntimeException cause) {
    }

    /** What a batch did: chains found or stored, first queries scheduled now. */
    record Started(int chains, int scheduled) {
    }

    /** One order of the batch: its row, its record, its ladder. */
    private record Start(OrderColumns order, OrderCreated created, Ladder ladder) {
    }

    Optional<Failure> startAll(List<OrderCreated> created) {
        Map<OrderKey, OrderColumns> stored = stored(created);
        int ready = 0;
        while (ready < created.size() && stored.containsKey(created.get(ready).orderKey())) {
            ready++;
        }
        Optional<Failure> notStored = ready == created.size() ? Optional.empty()
                : Optional.of(new Failure(ready, new OrderNotStoredYetException(created.get(ready).orderKey())));
        List<OrderCreated> batch = created.subList(0, ready);
        try {
            Started started = together(batch, stored);
            count("together", batch.size());
            log.info("{} order.created: {} query chains stored, {} first queries scheduled{}", batch.size(),
                    started.chains(), started.scheduled(),
                    notStored.map(f -> ", order " + created.get(f.index()).orderKey() + " not stored yet").orElse(""));
        }
        catch (RuntimeException e) {
            log.warn("query chains of {} order.created not started together ({}); starting them one by one",
                    batch.size(), e.toString());
            count("fell-back", batch.size());
            for (int i = 0; i < batch.size(); i++) {
                try {
                    oneByOne.start(batch.get(i));
                }
                catch (RuntimeException failed) {
                    return Optional.of(new Failure(i, failed));
                }
            }
        }
        return notStored;
    }

    /**
     * The stored orders of {@code created}; while some are not stored yet, read again for
     * them until {@code await-orders} has passed, after {@value #AWAIT_FIRST_POLL_MILLIS}
     * ms, then twice as long each time up to {@value #AWAIT_MAX_POLL_MILLIS} ms, the last
     * read at the deadline: the processor reads the same records at the same time, and a
     * record sent to the retry topics would wait there far longer and cut the batch
     * short. The waits grow because each read names every order still missing (up to a
     * poll's records): while the processor was behind, reading every 50 ms was 61 % of
     * this thread's allocation (80 of 131 KB per chain started in a benchmark's order
     * creation, 2026-12-07), and an order's first query is minutes away anyway.
     */
    private Map<OrderKey, OrderColumns> stored(List<OrderCreated> created) {
        Set<OrderKey> missing = new HashSet<>(created.stream().map(OrderCreated::orderKey).toList());
        Map<OrderKey, OrderColumns> stored = new HashMap<>();
        long deadline = System.nanoTime() + awaitOrders.toNanos();
        long pollMillis = AWAIT_FIRST_POLL_MILLIS;
        while (true) {
            orders.findAll(missing).forEach(o -> stored.putIfAbsent(o.key(), o));
            missing.removeAll(stored.keySet());
            long leftNanos = deadline - System.nanoTime();
            if (missing.isEmpty() || leftNanos <= 0) {
                return stored;
            }
            try {
                Thread.sleep(Math.min(pollMillis, Math.ceilDiv(leftNanos, 1_000_000)));
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return stored;
            }
            pollMillis = Math.min(pollMillis * 2, AWAIT_MAX_POLL_MILLIS);
        }
    }

    private Started together(List<OrderCreated> batch, Map<OrderKey, OrderColumns> stored) {
        if (batch.isEmpty()) {
            return new Started(0, 0);
        }
        Instant now = clock.instant();
        Map<Long, Start> starts = new LinkedHashMap<>();
        for (OrderCreated c : batch) {
            OrderColumns order = stored.get(c.orderKey());
            starts.putIfAbsent(order.id().value(),
                    new Start(order, c, ladders.of(order.key().merchantId(), order.spMerchantId())));
        }
        rows.insertAll(starts.values().stream().map(s -> fresh(s, now)).toList(), now);
        Map<Long, QueryChain> chains = rows.findAll(starts.keySet())
            .stream()
            .collect(Collectors.toMap(QueryChain::orderId, Function.identity()));
        List<Sent> sent = new ArrayList<>();
        List<QueryChain> scheduling = new ArrayList<>();
        for (Start s : starts.values()) {
            QueryChain chain = chains.get(s.order().id().value());
            if (chain == null) {
                throw new IllegalStateException("the query chain of order " + s.order().id() + " was not stored");
            }
            if (chain.nextDueAt() != null || chain.state() != State.ACTIVE || chain.attempt() != 0) {
                log.debug("order {} (id {}) has its query chain already ({} attempt {})", s.order().key(),
                        s.order().id(), chain.state(), chain.attempt());
                continue;
            }
            sent.add(schedule.publishFirstLater(chain, s.ladder().firstWait(s.created().createdAt(), now)));
            scheduling.add(chain);
        }
        long deadline = publisher.deadlineFromNow();
        sent.forEach(s -> s.pending().await(deadline));
        List<FirstQuery> firsts = new ArrayList<>(scheduling.size());
        for (int i = 0; i < scheduling.size(); i++) {
            firsts.add(new FirstQuery(scheduling.get(i).guard(), sent.get(i).due().dueAt()));
        }
        int[] moved = firsts.isEmpty() ? new int[0] : rows.scheduleAll(firsts, now);
        for (int i = 0; i < moved.length; i++) {
            QueryChain chain = scheduling.get(i);
            log.debug("order {} (id {}) {}: first query due {}, expires {}", chain.orderKey(), chain.orderId(),
                    moved[i] == 1 ? "query chain started" : "query chain moved by another record first",
                    firsts.get(i).dueAt(), chain.expiresAt());
        }
        return new Started(chains.size(), scheduling.size());
    }

    private static QueryChain fresh(Start s, Instant now) {
        OrderColumns order = s.order();
        return new QueryChain(order.id().value(), order.key(), order.spMerchantId(), order.channel(),
                PaymentQueryDue.Reason.ORDER_CREATED, 0, State.ACTIVE, null,
                s.ladder().expiresAt(s.created().createdAt()), null, now);
    }

    private void count(String path, int records) {
        meters.counter("paypipe.reconcile.chain.starts", "path", path).increment(records);
    }

}
