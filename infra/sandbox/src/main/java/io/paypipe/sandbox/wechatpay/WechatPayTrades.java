package io.paypipe.sandbox.wechatpay;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The trades WeChat Pay knows: every payment the sandbox made (pushed or signed for a
 * load driver), so that its refund API can find the trade a refund names and refuse an
 * unknown one. A trade belongs to the merchant that owns the order (the sub_mchid in
 * partner mode) and is found by its {@code transaction_id} or its {@code out_trade_no};
 * the first payment of an {@code out_trade_no} is the one its number finds.
 */
public final class WechatPayTrades {

    private final Map<String, PaymentSpec> byTransactionId = new ConcurrentHashMap<>();

    private final Map<String, PaymentSpec> byOrder = new ConcurrentHashMap<>();

    /** Remembers the trade of a payment the sandbox made. */
    public void register(PaymentSpec payment) {
        byTransactionId.putIfAbsent(payment.transactionId(), payment);
        byOrder.putIfAbsent(orderKey(payment.orderMerchantId(), payment.outTradeNo()), payment);
    }

    /**
     * The trade of {@code owner} (the mchid, or the sub_mchid in partner mode) named by
     * its {@code transactionId}, else by its {@code outTradeNo}; either may be null.
     */
    public Optional<PaymentSpec> find(String owner, String transactionId, String outTradeNo) {
        PaymentSpec trade = transactionId != null ? byTransactionId.get(transactionId)
                : outTradeNo != null ? byOrder.get(orderKey(owner, outTradeNo)) : null;
        return Optional.ofNullable(trade).filter(t -> t.orderMerchantId().equals(owner));
    }

    private static String orderKey(String owner, String outTradeNo) {
        return owner + "|" + outTradeNo;
    }

}
