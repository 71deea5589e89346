package io.paypipe.sandbox.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.OrderClosedException;
import io.paypipe.sandbox.query.OrderRef;
import java.time.Instant;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The orders and trades WeChat Pay knows: orders placed by the merchant's order system
 * (unpaid until paid), and every payment the sandbox made (pushed or signed for a load
 * driver), so that the refund API can find the trade a refund names and the order API the
 * order a query names. An order belongs to the merchant that owns it (the sub_mchid in
 * partner mode) and is found by its {@code out_trade_no}; a trade also by its
 * {@code transaction_id}. The first payment of an {@code out_trade_no} is the one its
 * number finds; a closed order cannot be paid.
 */
public final class WechatPayTrades {

    private final Map<String, PaymentSpec> byTransactionId = new ConcurrentHashMap<>();

    private final Map<String, WechatPayOrder> byOrder = new ConcurrentHashMap<>();

    /**
     * Places the unpaid order {@code outTradeNo} of {@code merchant} (its sub-merchant
     * {@code subMchid} in partner mode) unless it has one under that number.
     */
    public void place(WechatPaySandboxMerchant merchant, String subMchid, String outTradeNo, long totalFen,
            Instant at) {
        WechatPayOrder order = WechatPayOrder.placed(merchant, subMchid, outTradeNo, totalFen, at);
        byOrder.putIfAbsent(orderKey(order.owner(), outTradeNo), order);
    }

    /**
     * Remembers the trade of a payment the sandbox made: it pays the order of its number.
     * @return whether this payment paid the order (false when it was paid before)
     * @throws OrderClosedException when the merchant closed that order
     */
    public boolean register(PaymentSpec payment, Instant at) {
        boolean[] paidNow = { false };
        byOrder.compute(orderKey(payment.orderMerchantId(), payment.outTradeNo()), (key, order) -> {
            if (order == null) {
                paidNow[0] = true;
                return WechatPayOrder.paidAtOnce(payment, at);
            }
            if (order.closed() && !order.paid()) {
                throw new OrderClosedException(OrderRef.of(Channel.WECHATPAY, order.owner(), order.outTradeNo()));
            }
            paidNow[0] = !order.paid();
            return order.paid() ? order : order.paidBy(payment);
        });
        byTransactionId.putIfAbsent(payment.transactionId(), payment);
        return paidNow[0];
    }

    /**
     * The trade of {@code owner} (the mchid, or the sub_mchid in partner mode) named by
     * its {@code transactionId}, else by its {@code outTradeNo}; either may be null. Only
     * paid orders are trades.
     */
    public Optional<PaymentSpec> find(String owner, String transactionId, String outTradeNo) {
        PaymentSpec trade = transactionId != null ? byTransactionId.get(transactionId)
                : outTradeNo != null ? order(owner, outTradeNo).map(WechatPayOrder::payment).orElse(null) : null;
        return Optional.ofNullable(trade).filter(t -> t.orderMerchantId().equals(owner));
    }

    /** The order {@code outTradeNo} of {@code owner}, paid or not. */
    public Optional<WechatPayOrder> order(String owner, String outTradeNo) {
        return Optional.ofNullable(byOrder.get(orderKey(owner, outTradeNo)));
    }

    /** The order of {@code owner} whose trade is {@code transactionId}. */
    public Optional<WechatPayOrder> orderOfTransaction(String owner, String transactionId) {
        return Optional.ofNullable(byTransactionId.get(transactionId))
            .flatMap(trade -> order(owner, trade.outTradeNo()))
            .filter(o -> o.paid() && o.payment().transactionId().equals(transactionId));
    }

    /**
     * Changes the order {@code outTradeNo} of {@code owner} under its lock; the changed
     * order.
     * @throws NoSuchElementException when there is none
     */
    public WechatPayOrder update(String owner, String outTradeNo, UnaryOperator<WechatPayOrder> change) {
        WechatPayOrder changed = byOrder.computeIfPresent(orderKey(owner, outTradeNo),
                (key, order) -> change.apply(order));
        if (changed == null) {
            throw new NoSuchElementException("WeChat Pay has no order " + outTradeNo + " of " + owner);
        }
        return changed;
    }

    /**
     * Files the order {@code outTradeNo} of {@code owner} under {@code other} (its
     * sub-merchant {@code otherSub} for a service provider) instead.
     */
    public WechatPayOrder misfile(String owner, String outTradeNo, WechatPaySandboxMerchant other, String otherSub) {
        WechatPayOrder order = byOrder.remove(orderKey(owner, outTradeNo));
        if (order == null) {
            throw new NoSuchElementException("WeChat Pay has no order " + outTradeNo + " of " + owner);
        }
        WechatPayOrder moved = order.filedUnder(other, otherSub);
        byOrder.put(orderKey(moved.owner(), outTradeNo), moved);
        if (moved.paid()) {
            byTransactionId.put(moved.payment().transactionId(), moved.payment());
        }
        return moved;
    }

    private static String orderKey(String owner, String outTradeNo) {
        return owner + "|" + outTradeNo;
    }

}
