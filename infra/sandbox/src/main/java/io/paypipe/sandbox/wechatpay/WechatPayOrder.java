package io.paypipe.sandbox.wechatpay;

import java.time.Instant;
import java.util.Objects;

/**
 * One order as WeChat Pay holds it: placed unpaid ({@code NOTPAY}, as the merchant's
 * prepay leaves it), maybe moved on ({@code USERPAYING}, {@code PAYERROR}), then paid
 * ({@code payment} set, {@code SUCCESS}) or closed by the merchant ({@code CLOSED}). A
 * payment the sandbox made without a placed order is an order paid at once. Amounts are
 * fen; {@code subMchid} is set exactly when {@code merchant} is a service provider.
 */
public record WechatPayOrder(WechatPaySandboxMerchant merchant, String subMchid, String outTradeNo, long totalFen,
        TradeState state, PaymentSpec payment, Instant placedAt, Instant closedAt) {

    public WechatPayOrder {
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(outTradeNo, "outTradeNo");
        Objects.requireNonNull(state, "state");
        if (merchant.isServiceProvider() != (subMchid != null)) {
            throw new IllegalArgumentException("a sub_mchid goes with a service provider, and only with one");
        }
        if (subMchid != null) {
            merchant.subAppId(subMchid);
        }
    }

    /** An unpaid order, as a prepay places it. */
    static WechatPayOrder placed(WechatPaySandboxMerchant merchant, String subMchid, String outTradeNo, long totalFen,
            Instant at) {
        return new WechatPayOrder(merchant, subMchid, outTradeNo, totalFen, TradeState.NOTPAY, null, at, null);
    }

    /** The order of a payment made without a placed order. */
    static WechatPayOrder paidAtOnce(PaymentSpec payment, Instant at) {
        return new WechatPayOrder(payment.merchant(), payment.subMchid(), payment.outTradeNo(), payment.totalFen(),
                TradeState.SUCCESS, payment, at, null);
    }

    /**
     * The merchant that owns the order: the sub_mchid in partner mode, else the mchid.
     */
    public String owner() {
        return subMchid != null ? subMchid : merchant.merchantId();
    }

    public boolean paid() {
        return payment != null;
    }

    public boolean closed() {
        return state == TradeState.CLOSED;
    }

    WechatPayOrder paidBy(PaymentSpec spec) {
        return new WechatPayOrder(merchant, subMchid, outTradeNo, totalFen, TradeState.SUCCESS, spec, placedAt, null);
    }

    WechatPayOrder closedAt(Instant at) {
        return new WechatPayOrder(merchant, subMchid, outTradeNo, totalFen, TradeState.CLOSED, payment, placedAt, at);
    }

    WechatPayOrder withState(TradeState next) {
        return new WechatPayOrder(merchant, subMchid, outTradeNo, totalFen, next, payment, placedAt, closedAt);
    }

    /** The same order filed under another merchant (its payment moved along). */
    WechatPayOrder filedUnder(WechatPaySandboxMerchant other, String otherSub) {
        PaymentSpec moved = payment == null ? null
                : new PaymentSpec(other, otherSub, outTradeNo, payment.transactionId(), payment.tradeState(),
                        payment.totalFen(), payment.payerTotalFen(), payment.currency(), payment.successTime());
        return new WechatPayOrder(other, otherSub, outTradeNo, totalFen, state, moved, placedAt, closedAt);
    }

}
