package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.OrderClosedException;
import io.paypipe.sandbox.query.OrderRef;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The trades the sandbox's Alipay holds: created unpaid when the order system places an
 * order ({@code WAIT_BUYER_PAY}), paid by {@link AlipayPayments#pay} (the placed trade,
 * keeping its {@code trade_no}, or a trade paid at once), closed unpaid by the order API;
 * with their refunds and the scenarios set for their next refunds. A trade is found by
 * the app that owns it ({@code app_id}: the direct app, or the service provider's app)
 * and its {@code trade_no}, else its {@code out_trade_no} (the first trade of that
 * number). One {@link Account} is changed under its own lock.
 */
public final class AlipayTradeBook {

    private final Map<String, Account> byTradeNo = new ConcurrentHashMap<>();

    private final AtomicLong sequence = new AtomicLong();

    /** Records a paid trade; recording the same trade_no again keeps the first. */
    public Account record(AlipayTrade trade) {
        return byTradeNo.computeIfAbsent(trade.tradeNo(), no -> new Account(trade, sequence.incrementAndGet()));
    }

    /**
     * Creates the unpaid trade {@code waiting} unless the app has a trade of its
     * {@code out_trade_no} already.
     */
    public synchronized void place(AlipayTrade waiting) {
        if (order(waiting.authAppId(), waiting.outTradeNo()).isEmpty()) {
            record(waiting);
        }
    }

    /**
     * The buyer pays: the unpaid trade of {@code paid}'s order takes the payment (and
     * keeps its trade_no), else {@code paid} is recorded as a trade paid at once. The
     * trade as recorded.
     * @throws OrderClosedException when the order's trade was closed unpaid
     */
    public synchronized AlipayTrade pay(AlipayTrade paid, Instant at) {
        Optional<Account> placed = order(paid.authAppId(), paid.outTradeNo());
        if (placed.isPresent() && !placed.get().paid()) {
            Account account = placed.get();
            if (account.closed()) {
                throw new OrderClosedException(OrderRef.of(Channel.ALIPAY, paid.authAppId(), paid.outTradeNo()));
            }
            return account.pay(paid.withTradeNo(account.trade().tradeNo()), at);
        }
        Account account = record(paid);
        account.pay(paid, at);
        return account.trade();
    }

    /**
     * The trade of app {@code appId} by {@code tradeNo} (when given) or
     * {@code outTradeNo}, paid or not.
     */
    public Optional<Account> find(String appId, String tradeNo, String outTradeNo) {
        if (tradeNo != null && !tradeNo.isBlank()) {
            return Optional.ofNullable(byTradeNo.get(tradeNo)).filter(a -> a.appId().equals(appId));
        }
        if (outTradeNo == null || outTradeNo.isBlank()) {
            return Optional.empty();
        }
        return first(a -> a.appId().equals(appId) && a.trade().outTradeNo().equals(outTradeNo));
    }

    /** Like {@link #find}, paid trades only: what a refund can name. */
    public Optional<Account> findPaid(String appId, String tradeNo, String outTradeNo) {
        if (tradeNo != null && !tradeNo.isBlank()) {
            return find(appId, tradeNo, null).filter(Account::paid);
        }
        return outTradeNo == null ? Optional.empty()
                : first(a -> a.appId().equals(appId) && a.trade().outTradeNo().equals(outTradeNo) && a.paid());
    }

    /**
     * The first trade of order {@code outTradeNo} of {@code authAppId} (the order's app).
     */
    public Optional<Account> order(String authAppId, String outTradeNo) {
        return first(a -> a.trade().authAppId().equals(authAppId) && a.trade().outTradeNo().equals(outTradeNo));
    }

    /** The trade {@code tradeNo}; {@link NoSuchElementException} if Alipay has none. */
    public Account get(String tradeNo) {
        Account account = byTradeNo.get(tradeNo);
        if (account == null) {
            throw new NoSuchElementException("unknown Alipay trade " + tradeNo);
        }
        return account;
    }

    /**
     * The next new refunds of trade {@code tradeNo} take these scenarios, in order (then
     * {@link AlipayRefundScenario#SUCCESS} again).
     */
    public void nextRefunds(String tradeNo, List<AlipayRefundScenario> scenarios) {
        Account account = get(tradeNo);
        synchronized (account) {
            account.scenarios.addAll(scenarios);
        }
    }

    private Optional<Account> first(java.util.function.Predicate<Account> filter) {
        return byTradeNo.values().stream().filter(filter).min(Comparator.comparingLong(a -> a.sequence));
    }

    /**
     * One trade and its refunds, keyed by {@code out_request_no} (console refunds under a
     * key of their own). Read and change it only while holding its lock.
     */
    public static final class Account {

        private final long sequence;

        private AlipayTrade trade;

        private Instant paidAt;

        private Instant closedAt;

        private final Map<String, AlipayRefund> refunds = new LinkedHashMap<>();

        private final Deque<AlipayRefundScenario> scenarios = new ArrayDeque<>();

        private Instant lastRefundAt;

        private Account(AlipayTrade trade, long sequence) {
            this.trade = trade;
            this.sequence = sequence;
        }

        public synchronized AlipayTrade trade() {
            return trade;
        }

        /** The app that calls the gateway for this trade (whose key signs). */
        public String appId() {
            return trade().merchant().appId();
        }

        /** Whether the buyer paid (refunds do not undo it). */
        public synchronized boolean paid() {
            return paidAt != null || !AlipayTrade.WAIT_BUYER_PAY.equals(trade.tradeStatus()) && closedAt == null;
        }

        /** Whether the merchant closed it unpaid. */
        public synchronized boolean closed() {
            return closedAt != null;
        }

        /** When the buyer paid ({@code send_pay_date}); null when unpaid or unknown. */
        public synchronized Instant paidAt() {
            return paidAt;
        }

        synchronized AlipayTrade pay(AlipayTrade paid, Instant at) {
            trade = paid;
            paidAt = at;
            return trade;
        }

        /** Closes the trade unless paid; whether it is closed now. */
        synchronized boolean close(Instant at) {
            if (paid()) {
                return false;
            }
            if (closedAt == null) {
                closedAt = at;
                trade = trade.withStatus(AlipayTrade.TRADE_CLOSED);
            }
            return true;
        }

        synchronized void moveTo(AlipayTrade moved) {
            trade = moved;
        }

        public synchronized Optional<AlipayRefund> refund(String outRequestNo) {
            return Optional.ofNullable(refunds.get(outRequestNo));
        }

        public synchronized List<AlipayRefund> refunds() {
            return List.copyOf(refunds.values());
        }

        /**
         * Every refund taken, processing or succeeded: what the trade can no longer give.
         */
        synchronized long takenFen() {
            return sum(refunds.values(), false);
        }

        /** What went back to the buyer: Alipay's cumulative {@code refund_fee}. */
        public synchronized long refundedFen() {
            return sum(refunds.values(), true);
        }

        synchronized AlipayRefundScenario nextScenario() {
            AlipayRefundScenario next = scenarios.poll();
            return next == null ? AlipayRefundScenario.SUCCESS : next;
        }

        synchronized Instant lastRefundAt() {
            return lastRefundAt;
        }

        synchronized void add(String key, AlipayRefund refund) {
            refunds.put(key, refund);
            lastRefundAt = refund.requestedAt();
        }

        synchronized AlipayRefund succeed(String key, Instant at) {
            AlipayRefund done = refunds.get(key).succeededAt(at);
            refunds.put(key, done);
            return done;
        }

        synchronized String consoleKey() {
            return "console-" + (refunds.size() + 1);
        }

        private static long sum(Collection<AlipayRefund> refunds, boolean succeededOnly) {
            return refunds.stream()
                .filter(r -> !succeededOnly || r.succeeded())
                .mapToLong(AlipayRefund::amountFen)
                .sum();
        }

    }

}
