package io.paypipe.sandbox.alipay;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The trades the sandbox's Alipay was paid ({@link AlipayPayments#pay} records each),
 * with their refunds and the scenarios set for their next refunds. A trade is found by
 * the app that owns it ({@code app_id}: the direct app, or the service provider's app)
 * and its {@code trade_no}, else its {@code out_trade_no}. One {@link Account} is changed
 * under its own lock.
 */
public final class AlipayTradeBook {

    private final Map<String, Account> byTradeNo = new ConcurrentHashMap<>();

    /** Records a paid trade; recording the same trade_no again keeps the first. */
    public Account record(AlipayTrade trade) {
        return byTradeNo.computeIfAbsent(trade.tradeNo(), no -> new Account(trade));
    }

    /**
     * The trade of app {@code appId} by {@code tradeNo} (when given) or
     * {@code outTradeNo}.
     */
    public Optional<Account> find(String appId, String tradeNo, String outTradeNo) {
        if (tradeNo != null && !tradeNo.isBlank()) {
            return Optional.ofNullable(byTradeNo.get(tradeNo)).filter(a -> a.appId().equals(appId));
        }
        if (outTradeNo == null || outTradeNo.isBlank()) {
            return Optional.empty();
        }
        return byTradeNo.values()
            .stream()
            .filter(a -> a.appId().equals(appId) && a.trade().outTradeNo().equals(outTradeNo))
            .findFirst();
    }

    /** The trade {@code tradeNo}; {@link NoSuchElementException} if never paid here. */
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

    /**
     * One paid trade and its refunds, keyed by {@code out_request_no} (console refunds
     * under a key of their own). Read and change it only while holding its lock.
     */
    public static final class Account {

        private final AlipayTrade trade;

        private final Map<String, AlipayRefund> refunds = new LinkedHashMap<>();

        private final Deque<AlipayRefundScenario> scenarios = new ArrayDeque<>();

        private Instant lastRefundAt;

        private Account(AlipayTrade trade) {
            this.trade = trade;
        }

        public AlipayTrade trade() {
            return trade;
        }

        /** The app that calls the gateway for this trade (whose key signs). */
        public String appId() {
            return trade.merchant().appId();
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
