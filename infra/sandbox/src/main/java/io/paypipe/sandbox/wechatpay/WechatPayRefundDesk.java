package io.paypipe.sandbox.wechatpay;

import java.time.Clock;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * WeChat Pay's refund books behind its refund API: makes a refund once per
 * {@code out_refund_no} of a merchant (the same number again finds the one made), never
 * more than a trade's remaining refundable amount (its total less every refund not
 * CLOSED), refuses an unknown trade, and moves each refund through its
 * {@link RefundScenario}, pushing a {@code REFUND.*} notification at each step (through
 * {@link WechatPayRefunds}, on WeChat's delivery rules). Also the dashboard: a refund
 * made there, which no API call asked for.
 */
public final class WechatPayRefundDesk implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(WechatPayRefundDesk.class);

    /** A create call as WeChat reads it; amounts in fen. */
    public record CreateCall(String subMchid, String transactionId, String outTradeNo, String outRefundNo,
            long refundFen, long totalFen) {
    }

    /**
     * What a create call gets: a refund (with whether its answer is held) or an error.
     */
    public sealed interface Answer {

        record Refunded(RefundRecord refund, boolean answerHeld) implements Answer {
        }

        record Failed(ApiError error) implements Answer {
        }

    }

    private final WechatPayTrades trades;

    private final WechatPayRefunds notices;

    private final RefundScenarios scenarios;

    private final Duration settleAfter;

    private final Clock clock;

    private final Map<String, RefundRecord> refunds = new ConcurrentHashMap<>();

    private final ScheduledExecutorService steps = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "wechatpay-refund-desk");
        t.setDaemon(true);
        return t;
    });

    public WechatPayRefundDesk(WechatPayTrades trades, WechatPayRefunds notices, RefundScenario defaultScenario,
            Duration settleAfter, Clock clock) {
        this.trades = trades;
        this.notices = notices;
        this.scenarios = new RefundScenarios(defaultScenario);
        this.settleAfter = settleAfter;
        this.clock = clock;
    }

    /** The refund {@code call} asks {@code merchant} (who signed it) for. */
    public synchronized Answer create(WechatPaySandboxMerchant merchant, CreateCall call) {
        Optional<String> owner = owner(merchant, call.subMchid());
        if (owner.isEmpty()) {
            return new Answer.Failed(ApiError.SUB_MCHID_MISMATCH);
        }
        RefundRecord existing = refunds.get(key(owner.get(), call.outRefundNo()));
        if (existing != null) {
            return new Answer.Refunded(existing, false);
        }
        Optional<PaymentSpec> trade = trades.find(owner.get(), call.transactionId(), call.outTradeNo());
        if (trade.isEmpty() || !trade.get().merchant().merchantId().equals(merchant.merchantId())) {
            return new Answer.Failed(ApiError.TRADE_NOT_EXISTS);
        }
        RefundScenario scenario = scenarios.take(owner.get(), call.outRefundNo(), trade.get().outTradeNo());
        if (call.totalFen() != trade.get().totalFen()) {
            return new Answer.Failed(ApiError.TOTAL_MISMATCH);
        }
        long remaining = remaining(trade.get());
        if (remaining == 0) {
            return new Answer.Failed(ApiError.FULLY_REFUNDED);
        }
        if (call.refundFen() > remaining) {
            return new Answer.Failed(ApiError.OVER_REFUND);
        }
        if (!scenario.makesRefund()) {
            return new Answer.Failed(
                    scenario == RefundScenario.NOT_ENOUGH ? ApiError.NOT_ENOUGH : ApiError.SYSTEM_ERROR);
        }
        RefundRecord made = make(trade.get(), call.outRefundNo(), call.refundFen(), scenario.firstStatus(), false);
        schedule(made, scenario.later());
        return new Answer.Refunded(made, scenario == RefundScenario.ANSWER_LOST);
    }

    /**
     * The refund {@code outRefundNo} of {@code owner} (see {@link #owner}); empty when
     * there is none.
     */
    public Optional<RefundRecord> find(String owner, String outRefundNo) {
        return Optional.ofNullable(refunds.get(key(owner, outRefundNo)));
    }

    /**
     * A refund made in the merchant's dashboard of the trade {@code transactionId} of
     * {@code merchantId} (the order's merchant): SUCCESS at once and notified, under an
     * {@code out_refund_no} WeChat makes up (its refund_id) unless one is given;
     * {@code refundFen} null refunds what remains.
     * @throws NoSuchElementException for an unknown merchant or trade
     * @throws IllegalArgumentException when the amount is not refundable
     */
    public synchronized RefundRecord dashboardRefund(WechatPaySandboxMerchant merchant, String merchantId,
            String transactionId, Long refundFen, String outRefundNo) {
        PaymentSpec trade = trades.find(merchantId, transactionId, null)
            .orElseThrow(() -> new NoSuchElementException("unknown trade " + transactionId + " of " + merchantId));
        long remaining = remaining(trade);
        long fen = refundFen == null ? remaining : refundFen;
        if (fen <= 0 || fen > remaining) {
            throw new IllegalArgumentException("refundFen must be between 1 and the remaining " + remaining);
        }
        String refundId = TransactionIds.nextRefundId(clock.instant());
        String number = outRefundNo != null ? outRefundNo : refundId;
        if (refunds.containsKey(key(trade.orderMerchantId(), number))) {
            throw new IllegalArgumentException("refund " + number + " exists already");
        }
        RefundRecord made = make(trade, number, refundId, fen, RefundApiStatus.SUCCESS, true);
        log.info("dashboard refund {} of trade {} made", made.refundId(), transactionId);
        return made;
    }

    /** Chooses the scenario of a coming refund: see {@link RefundScenarios}. */
    public void chooseScenario(String owner, String outRefundNo, String outTradeNo, RefundScenario scenario) {
        scenarios.choose(owner, outRefundNo, outTradeNo, scenario);
    }

    /** Every refund of the trade {@code transactionId}, oldest first. */
    public List<RefundRecord> refundsOf(String transactionId) {
        return refunds.values()
            .stream()
            .filter(r -> r.spec().transactionId().equals(transactionId))
            .sorted(Comparator.comparing(RefundRecord::createTime).thenComparing(RefundRecord::refundId))
            .toList();
    }

    @Override
    public void close() {
        steps.shutdownNow();
    }

    private RefundRecord make(PaymentSpec trade, String outRefundNo, long fen, RefundApiStatus status,
            boolean fromDashboard) {
        return make(trade, outRefundNo, TransactionIds.nextRefundId(clock.instant()), fen, status, fromDashboard);
    }

    private RefundRecord make(PaymentSpec trade, String outRefundNo, String refundId, long fen, RefundApiStatus status,
            boolean fromDashboard) {
        RefundSpec spec = new RefundSpec(trade.merchant(), trade.subMchid(), trade.outTradeNo(), trade.transactionId(),
                outRefundNo, refundId, RefundStatus.SUCCESS, trade.totalFen(), fen, null);
        RefundRecord made = new RefundRecord(spec, RefundApiStatus.PROCESSING, clock.instant(), null, fromDashboard);
        if (status != RefundApiStatus.PROCESSING) {
            made = made.moveTo(status, clock.instant());
        }
        refunds.put(key(made.owner(), outRefundNo), made);
        if (status.notice().isPresent()) {
            notices.push(made.notice(), 1);
        }
        return made;
    }

    private void schedule(RefundRecord refund, List<RefundApiStatus> later) {
        for (int i = 0; i < later.size(); i++) {
            RefundApiStatus next = later.get(i);
            steps.schedule(() -> step(refund, next), settleAfter.toMillis() * (i + 1), TimeUnit.MILLISECONDS);
        }
    }

    private synchronized void step(RefundRecord refund, RefundApiStatus next) {
        String key = key(refund.owner(), refund.outRefundNo());
        RefundRecord now = refunds.get(key);
        if (now == null || now.status().isFinal()) {
            return;
        }
        RefundRecord moved = now.moveTo(next, clock.instant());
        refunds.put(key, moved);
        notices.push(moved.notice(), 1);
        log.info("refund {} is {}", moved.refundId(), next);
    }

    private long remaining(PaymentSpec trade) {
        long refunded = refundsOf(trade.transactionId()).stream()
            .filter(r -> r.status() != RefundApiStatus.CLOSED)
            .mapToLong(RefundRecord::refundFen)
            .sum();
        return trade.totalFen() - refunded;
    }

    /**
     * Whose refund a call of {@code merchant} names: a direct merchant's own (no
     * sub_mchid), or one of a service provider's sub-merchants (its sub_mchid).
     */
    public static Optional<String> owner(WechatPaySandboxMerchant merchant, String subMchid) {
        if (!merchant.isServiceProvider()) {
            return subMchid == null ? Optional.of(merchant.merchantId()) : Optional.empty();
        }
        return Optional.ofNullable(subMchid).filter(merchant.subMerchantIds()::contains);
    }

    private static String key(String owner, String outRefundNo) {
        return owner + "|" + outRefundNo;
    }

}
