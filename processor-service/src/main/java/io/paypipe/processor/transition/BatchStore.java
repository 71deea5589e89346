package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.order.OrderEvent;
import io.paypipe.core.order.OrderStatus;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.order.OrderRepository;
import io.paypipe.processor.order.OrderRepository.Move;
import io.paypipe.processor.order.OrderRow;
import io.paypipe.processor.transition.RawSettlementRepository.RawState;
import io.paypipe.processor.transition.RawSettlementRepository.Settlement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The batch path's {@link PaymentStore}, for one batch in one transaction. It locks the
 * batch's orders in one ordered {@code SELECT ... FOR UPDATE} and reads its raw rows in
 * one statement, then answers every read from memory and keeps every write there, so that
 * the decisions of the batch, made one after the other, each see what the ones before
 * did. {@link #flush} writes it all: the orders' guarded update in one statement, the
 * ledger and audit rows as multi-row INSERTs, the raw rows' settlements in one statement,
 * each count checked. Anything that does not add up throws a {@link BatchSurprise}: the
 * caller rolls the batch back and applies its records one by one.
 */
final class BatchStore implements PaymentStore {

    private final Map<OrderRef, OrderRow> orders = new HashMap<>();

    /** The status each order had when it was locked: the guard of its update. */
    private final Map<OrderId, OrderStatus> lockedStatus = new HashMap<>();

    private final Set<OrderRef> moved = new LinkedHashSet<>();

    private final Map<Long, RawState> raws = new HashMap<>();

    private final Map<Long, Optional<RawOutcome>> outcomes = new HashMap<>();

    private final Map<Long, Settlement> settlements = new LinkedHashMap<>();

    private final List<LedgerRepository.Entry> ledger = new ArrayList<>();

    private final List<TransitionRepository.Entry> transitions = new ArrayList<>();

    private final Set<Overrule> overrules = new LinkedHashSet<>();

    private record OrderRef(String merchantId, String outTradeNo) {

        static OrderRef of(OrderKey key) {
            return new OrderRef(key.merchantId().value(), key.outTradeNo().value());
        }

    }

    private record Overrule(OrderKey order, Channel channel) {
    }

    private BatchStore() {
    }

    /**
     * Locks the orders of {@code batch} (those that exist), then reads its raw rows: a
     * read after the locks sees what every transaction that held them committed.
     */
    static BatchStore lock(List<PaymentNotified> batch, OrderRepository orderRows, RawSettlementRepository rawRows) {
        BatchStore store = new BatchStore();
        Map<OrderRef, OrderKey> keys = new LinkedHashMap<>();
        batch.forEach(n -> keys.putIfAbsent(OrderRef.of(n.orderKey()), n.orderKey()));
        for (OrderRow row : orderRows.lockAll(keys.values())) {
            store.orders.put(OrderRef.of(row.key()), row);
            store.lockedStatus.put(row.id(), row.status());
        }
        for (RawState raw : rawRows.states(batch.stream().map(PaymentNotified::rawId).distinct().toList())) {
            store.raws.put(raw.id(), raw);
            store.outcomes.put(raw.id(), raw.outcome());
        }
        return store;
    }

    @Override
    public Optional<OrderRow> order(PaymentNotified n) {
        return Optional.ofNullable(orders.get(OrderRef.of(n.orderKey())));
    }

    /**
     * Never needed: the batch holds its orders' locks, so a guarded update never misses.
     */
    @Override
    public OrderRow relock(OrderRow order) {
        throw new BatchSurprise("order " + order.id() + " moved under the batch's lock");
    }

    @Override
    public Optional<RawOutcome> rawOutcome(long rawId) {
        return outcomes.getOrDefault(rawId, Optional.empty());
    }

    @Override
    public boolean markPaid(OrderRow order, OrderRow paid, Instant now) {
        return move(order, paid);
    }

    @Override
    public boolean markClosed(OrderRow order, OrderRow closed, Instant now) {
        return move(order, closed);
    }

    private boolean move(OrderRow from, OrderRow to) {
        OrderRef ref = OrderRef.of(from.key());
        OrderRow current = orders.get(ref);
        if (current == null || current.status() != from.status()) {
            throw new BatchSurprise("order " + from.id() + " is not " + from.status() + " in the batch");
        }
        orders.put(ref, to);
        moved.add(ref);
        return true;
    }

    @Override
    public void ledger(OrderRow paid, PaymentNotified n, EventId eventId, Instant now) {
        ledger.add(new LedgerRepository.Entry(paid.id(), n, eventId, paid.paidAt().orElseThrow()));
    }

    @Override
    public void transition(OrderRow from, OrderEvent event, String credential, OrderStatus to, long rawId,
            Instant now) {
        transitions.add(new TransitionRepository.Entry(from.id(), event, credential, from.status(), to, rawId));
    }

    /**
     * As {@link RawSettlementRepository#settle}: a row that does not exist changes
     * nothing, a DUPLICATE keeps the outcome the row has.
     */
    @Override
    public void settle(long rawId, RawOutcome outcome, String error, Instant now) {
        if (!raws.containsKey(rawId)) {
            return;
        }
        Optional<RawOutcome> current = outcomes.get(rawId);
        RawOutcome kept = outcome == RawOutcome.DUPLICATE && current.isPresent() ? current.get() : outcome;
        outcomes.put(rawId, Optional.of(kept));
        settlements.put(rawId, new Settlement(rawId, outcome.handled(), kept, error));
    }

    /**
     * As {@link RawSettlementRepository#overruleCloses}, on the batch's own rows now and
     * on the others (rows of earlier notifications) in {@link #flush}.
     */
    @Override
    public void overruleCloses(OrderKey order, Channel channel, Instant now) {
        overrules.add(new Overrule(order, channel));
        raws.values()
            .stream()
            .filter(r -> r.merchantId().equals(order.merchantId().value())
                    && r.outTradeNo().equals(order.outTradeNo().value()) && r.channel().equals(channel.code()))
            .filter(r -> outcomes.get(r.id()).equals(Optional.of(RawOutcome.CLOSED)))
            .forEach(r -> {
                outcomes.put(r.id(), Optional.of(RawOutcome.CLOSE_OVERRULED));
                Settlement s = settlements.get(r.id());
                if (s != null) {
                    settlements.put(r.id(), new Settlement(r.id(), s.handled(), RawOutcome.CLOSE_OVERRULED, s.error()));
                }
            });
    }

    /**
     * Writes what the batch decided, every count checked. The closes a payment overruled
     * go before the settlements, which then write each of the batch's rows as the batch
     * left it.
     */
    void flush(OrderRepository orderRows, LedgerRepository ledgerRows, TransitionRepository transitionRows,
            RawSettlementRepository rawRows, Instant now) {
        if (!moved.isEmpty()) {
            List<Move> moves = moved.stream()
                .map(orders::get)
                .map(row -> new Move(lockedStatus.get(row.id()), row))
                .toList();
            expect(moves.size(), orderRows.moveAll(moves, now), "orders moved by the guarded update");
        }
        if (!ledger.isEmpty()) {
            expect(ledger.size(), ledgerRows.insertAll(ledger, now), "ledger rows");
        }
        if (!transitions.isEmpty()) {
            expect(transitions.size(), transitionRows.insertAll(transitions, now), "transition rows");
        }
        overrules.forEach(o -> rawRows.overruleCloses(o.order(), o.channel(), now));
        if (!settlements.isEmpty()) {
            List<Settlement> rows = settlements.values()
                .stream()
                .sorted(Comparator.comparingLong(Settlement::rawId))
                .toList();
            expect(rows.size(), rawRows.settleAll(rows, now), "settled raw rows");
        }
    }

    private static void expect(int expected, int actual, String what) {
        if (expected != actual) {
            throw new BatchSurprise(what + ": " + actual + " rows affected, " + expected + " expected");
        }
    }

}
