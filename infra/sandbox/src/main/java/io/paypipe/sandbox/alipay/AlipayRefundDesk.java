package io.paypipe.sandbox.alipay;

import io.paypipe.core.money.Money;
import io.paypipe.sandbox.alipay.AlipayTradeBook.Account;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Alipay's refund desk: the business of {@code alipay.trade.refund} and
 * {@code alipay.trade.fastpay.refund.query} on the {@link AlipayTradeBook}, answering the
 * response node ({@code code}, {@code msg}, ...) the {@link AlipayGateway} signs.
 * <p>
 * Rules: {@code out_request_no} is the refund's key within its trade (a request repeating
 * it is answered from that refund, {@code fund_change=N}: no money moved this time; with
 * another amount {@code ACQ.DISCORDANT_REPEAT_REQUEST}); without one, only a full refund
 * is taken, under the {@code out_trade_no}. {@code refund_fee} is the trade's CUMULATIVE
 * refunded amount. More than the trade's rest is {@code ACQ.REASON_TRADE_REFUND_FEE_ERR}.
 * A new refund less than {@code minInterval} after the trade's previous one is
 * {@code ACQ.SYSTEM_ERROR} ("try again with the same parameters"; Alipay asks for 3 s
 * between refunds of one trade). A refund that succeeds is announced by the refund notice
 * to the payment's notify URL (cumulative {@code refund_fee}, {@code gmt_refund},
 * {@code out_biz_no}) and recorded for the bills ({@link AlipaySettlements}), as is a
 * refund made in Alipay's console.
 */
public final class AlipayRefundDesk implements AutoCloseable {

    /**
     * How the gateway delivers a reply: the answer; held then 504 (a lost answer, after
     * {@code sandbox.alipay.lost-answer-hold}; a timeout fault of the order API, after
     * {@code sandbox.order-queries.timeout-hold}); or 503 at once.
     */
    public enum Delivery {

        ANSWER, ANSWER_LOST, TIMEOUT, UNAVAILABLE

    }

    /** A response node and how it travels. */
    public record Reply(Map<String, String> node, Delivery delivery) {
    }

    private final AlipayTradeBook book;

    private final AlipayPayments payments;

    private final Clock clock;

    private final Duration minInterval;

    private final Duration settleDelay;

    private final ScheduledExecutorService settler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sandbox-alipay-refund-settler");
        t.setDaemon(true);
        return t;
    });

    public AlipayRefundDesk(AlipayPayments payments, Clock clock, Duration minInterval, Duration settleDelay) {
        this.book = payments.trades();
        this.payments = payments;
        this.clock = clock;
        this.minInterval = minInterval;
        this.settleDelay = settleDelay;
    }

    /** {@code alipay.trade.refund} from app {@code appId}. */
    public Reply refund(String appId, Map<String, Object> biz) {
        Optional<Account> found = book.findPaid(appId, text(biz, "trade_no"), text(biz, "out_trade_no"));
        if (found.isEmpty()) {
            return answer(AlipayReplies.failed("ACQ.TRADE_NOT_EXIST", "交易不存在"));
        }
        Account account = found.get();
        Optional<Long> fen = fen(text(biz, "refund_amount"));
        if (fen.isEmpty()) {
            return answer(AlipayReplies.failed("ACQ.INVALID_PARAMETER", "参数无效"));
        }
        String outRequestNo = text(biz, "out_request_no");
        if (outRequestNo == null) {
            if (fen.get() != account.trade().totalFen()) {
                return answer(AlipayReplies.failed("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "撤销或退款金额与订单金额不一致"));
            }
            outRequestNo = account.trade().outTradeNo();
        }
        Instant now = clock.instant();
        AlipayRefundScenario scenario;
        synchronized (account) {
            Optional<AlipayRefund> existing = account.refund(outRequestNo);
            if (existing.isPresent()) {
                return existing.get().amountFen() == fen.get()
                        ? answer(AlipayReplies.refunded(account, existing.get(), "N"))
                        : answer(AlipayReplies.failed("ACQ.DISCORDANT_REPEAT_REQUEST", "不一致的请求"));
            }
            Instant last = account.lastRefundAt();
            if (last != null && last.plus(minInterval).isAfter(now)) {
                return answer(AlipayReplies.failed("ACQ.SYSTEM_ERROR", "系统错误"));
            }
            if (account.takenFen() + fen.get() > account.trade().totalFen()) {
                return answer(AlipayReplies.failed("ACQ.REASON_TRADE_REFUND_FEE_ERR", "退款金额无效"));
            }
            scenario = account.nextScenario();
            switch (scenario) {
                case UNAVAILABLE -> {
                    return new Reply(Map.of(), Delivery.UNAVAILABLE);
                }
                case INSUFFICIENT_BALANCE -> {
                    return answer(AlipayReplies.failed("ACQ.SELLER_BALANCE_NOT_ENOUGH", "卖家余额不足"));
                }
                default -> account.add(outRequestNo,
                        new AlipayRefund(outRequestNo, fen.get(), text(biz, "refund_reason"), now, null));
            }
        }
        return newRefund(account, outRequestNo, scenario, now);
    }

    private Reply newRefund(Account account, String outRequestNo, AlipayRefundScenario scenario, Instant now) {
        if (scenario == AlipayRefundScenario.ACCEPTED_THEN_SUCCESS) {
            settler.schedule(() -> succeed(account, outRequestNo), settleDelay.toMillis(), TimeUnit.MILLISECONDS);
            return answer(AlipayReplies.refunded(account, account.refund(outRequestNo).orElseThrow(), "N"));
        }
        AlipayRefund done = succeed(account, outRequestNo);
        Map<String, String> node = AlipayReplies.refunded(account, done, "Y");
        return new Reply(node, scenario == AlipayRefundScenario.ANSWER_LOST ? Delivery.ANSWER_LOST : Delivery.ANSWER);
    }

    /** {@code alipay.trade.fastpay.refund.query} from app {@code appId}. */
    public Reply query(String appId, Map<String, Object> biz) {
        Optional<Account> found = book.findPaid(appId, text(biz, "trade_no"), text(biz, "out_trade_no"));
        if (found.isEmpty()) {
            return answer(AlipayReplies.failed("ACQ.TRADE_NOT_EXIST", "交易不存在"));
        }
        String outRequestNo = text(biz, "out_request_no");
        if (outRequestNo == null) {
            return answer(AlipayReplies.failed("ACQ.INVALID_PARAMETER", "参数无效"));
        }
        Account account = found.get();
        Map<String, String> node = AlipayReplies.ok();
        Optional<AlipayRefund> refund = account.refund(outRequestNo);
        if (refund.isEmpty()) {
            // Alipay: no data means the refund was not received (or did not go through)
            return answer(node);
        }
        boolean gmtRefundPay = biz.get("query_options") instanceof List<?> options
                && options.contains("gmt_refund_pay");
        AlipayReplies.queried(node, account.trade(), refund.get(), gmtRefundPay);
        return answer(node);
    }

    /**
     * A refund made in Alipay's merchant console: no {@code out_request_no} of the
     * merchant's, so its notice carries no {@code out_biz_no}.
     */
    public AlipayNotification consoleRefund(String tradeNo, long amountFen) {
        Account account = book.get(tradeNo);
        Instant now = clock.instant();
        long refunded;
        synchronized (account) {
            if (amountFen <= 0 || account.takenFen() + amountFen > account.trade().totalFen()) {
                throw new IllegalArgumentException("the trade has " + account.trade().totalFen() + " fen, "
                        + account.takenFen() + " refunded: cannot refund " + amountFen);
            }
            AlipayRefund refund = new AlipayRefund(null, amountFen, "console", now, now);
            account.add(account.consoleKey(), refund);
            refunded = account.refundedFen();
            payments.settlements().refunded(account.trade(), refund);
        }
        return notice(account, null, refunded);
    }

    private AlipayRefund succeed(Account account, String outRequestNo) {
        AlipayRefund done;
        long refunded;
        synchronized (account) {
            done = account.succeed(outRequestNo, clock.instant());
            refunded = account.refundedFen();
            payments.settlements().refunded(account.trade(), done);
        }
        notice(account, outRequestNo, refunded);
        return done;
    }

    private AlipayNotification notice(Account account, String outBizNo, long refundedFen) {
        AlipayNotification n = payments.notifications().refund(account.trade(), outBizNo, refundedFen);
        payments.push(n, account.trade(), 1);
        return n;
    }

    private static Reply answer(Map<String, String> node) {
        return new Reply(node, Delivery.ANSWER);
    }

    private static Optional<Long> fen(String yuan) {
        try {
            long fen = Money.parseMajor(yuan, "CNY").minor();
            return fen > 0 ? Optional.of(fen) : Optional.empty();
        }
        catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static String text(Map<String, Object> biz, String key) {
        Object value = biz.get(key);
        return value == null || value.toString().isBlank() ? null : value.toString();
    }

    @Override
    public void close() {
        settler.shutdownNow();
    }

}
