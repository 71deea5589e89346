package io.paypipe.sandbox.wechatpay;

import java.time.Instant;
import java.util.Objects;

/**
 * One payment as WeChat reports it. {@code subMchid} is set exactly when {@code merchant}
 * is a service provider (partner mode). {@code successTime} null means "the time the
 * notification is built". Amounts are integer fen; {@code payerTotalFen} may differ from
 * {@code totalFen} (coupons) or be deliberately wrong in a test.
 */
public record PaymentSpec(WechatPaySandboxMerchant merchant, String subMchid, String outTradeNo, String transactionId,
        TradeState tradeState, long totalFen, long payerTotalFen, String currency, Instant successTime) {

    public PaymentSpec {
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(tradeState, "tradeState");
        requireText(outTradeNo, "outTradeNo");
        requireText(transactionId, "transactionId");
        currency = currency == null ? "CNY" : currency;
        if (merchant.isServiceProvider()) {
            if (subMchid == null) {
                throw new IllegalArgumentException("a service provider's payment needs a sub_mchid");
            }
            merchant.subAppId(subMchid); // throws when it is not one of its sub-merchants
        }
        else if (subMchid != null) {
            throw new IllegalArgumentException(merchant.merchantId() + " is a direct merchant: no sub_mchid");
        }
    }

    /**
     * A successful direct-mode payment of {@code totalFen} CNY, paid in full, with a
     * fresh transaction_id.
     */
    public static PaymentSpec success(WechatPaySandboxMerchant merchant, String outTradeNo, long totalFen) {
        return success(merchant, null, outTradeNo, totalFen);
    }

    /**
     * Like {@link #success(WechatPaySandboxMerchant, String, long)}; {@code subMchid} for
     * a service provider, else null.
     */
    public static PaymentSpec success(WechatPaySandboxMerchant merchant, String subMchid, String outTradeNo,
            long totalFen) {
        return new PaymentSpec(merchant, subMchid, outTradeNo, TransactionIds.next(), TradeState.SUCCESS, totalFen,
                totalFen, "CNY", null);
    }

    public boolean partnerMode() {
        return subMchid != null;
    }

    /**
     * The merchant that owns the order: the sub-merchant in partner mode, else the mchid.
     */
    public String orderMerchantId() {
        return subMchid != null ? subMchid : merchant.merchantId();
    }

    public PaymentSpec withTransactionId(String id) {
        return new PaymentSpec(merchant, subMchid, outTradeNo, id, tradeState, totalFen, payerTotalFen, currency,
                successTime);
    }

    public PaymentSpec withTradeState(TradeState state) {
        return new PaymentSpec(merchant, subMchid, outTradeNo, transactionId, state, totalFen, payerTotalFen, currency,
                successTime);
    }

    /** Changes {@code total} only ({@code payer_total} stays). */
    public PaymentSpec withTotalFen(long fen) {
        return new PaymentSpec(merchant, subMchid, outTradeNo, transactionId, tradeState, fen, payerTotalFen, currency,
                successTime);
    }

    public PaymentSpec withPayerTotalFen(long fen) {
        return new PaymentSpec(merchant, subMchid, outTradeNo, transactionId, tradeState, totalFen, fen, currency,
                successTime);
    }

    public PaymentSpec withCurrency(String code) {
        return new PaymentSpec(merchant, subMchid, outTradeNo, transactionId, tradeState, totalFen, payerTotalFen, code,
                successTime);
    }

    public PaymentSpec withSuccessTime(Instant time) {
        return new PaymentSpec(merchant, subMchid, outTradeNo, transactionId, tradeState, totalFen, payerTotalFen,
                currency, time);
    }

    private static void requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
    }
}
