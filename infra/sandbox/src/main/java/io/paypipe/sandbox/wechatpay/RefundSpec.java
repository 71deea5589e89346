package io.paypipe.sandbox.wechatpay;

import java.time.Instant;
import java.util.Objects;

/**
 * One refund as WeChat reports it in a REFUND.* notification. {@code outRefundNo} is the
 * merchant's own refund number, {@code refundId} WeChat's. {@code subMchid} is set
 * exactly when {@code merchant} is a service provider. Amounts are integer fen:
 * {@code refundFen} of the payment's {@code totalFen}; the payer paid and gets back the
 * same (no coupons). {@code successTime} null means "when the notification is built"
 * (only SUCCESS carries one).
 */
public record RefundSpec(WechatPaySandboxMerchant merchant, String subMchid, String outTradeNo, String transactionId,
        String outRefundNo, String refundId, RefundStatus status, long totalFen, long refundFen, Instant successTime) {

    public RefundSpec {
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(status, "status");
        for (String[] field : new String[][] { { outTradeNo, "outTradeNo" }, { transactionId, "transactionId" },
                { outRefundNo, "outRefundNo" }, { refundId, "refundId" } }) {
            if (field[0] == null || field[0].isBlank()) {
                throw new IllegalArgumentException(field[1] + " must not be blank");
            }
        }
        if (refundFen <= 0 || totalFen <= 0 || refundFen > totalFen) {
            throw new IllegalArgumentException("amounts must be positive with refundFen <= totalFen");
        }
        if (merchant.isServiceProvider()) {
            if (subMchid == null) {
                throw new IllegalArgumentException("a service provider's refund needs a sub_mchid");
            }
            merchant.subAppId(subMchid); // throws when it is not one of its sub-merchants
        }
        else if (subMchid != null) {
            throw new IllegalArgumentException(merchant.merchantId() + " is a direct merchant: no sub_mchid");
        }
    }

    /**
     * A successful refund of {@code refundFen} with a fresh refund_id; {@code subMchid}
     * for a service provider, else null.
     */
    public static RefundSpec success(WechatPaySandboxMerchant merchant, String subMchid, String outTradeNo,
            String transactionId, String outRefundNo, long totalFen, long refundFen) {
        return new RefundSpec(merchant, subMchid, outTradeNo, transactionId, outRefundNo, TransactionIds.nextRefundId(),
                RefundStatus.SUCCESS, totalFen, refundFen, null);
    }

    public boolean partnerMode() {
        return subMchid != null;
    }

    public RefundSpec withStatus(RefundStatus other) {
        return new RefundSpec(merchant, subMchid, outTradeNo, transactionId, outRefundNo, refundId, other, totalFen,
                refundFen, successTime);
    }

    public RefundSpec withSuccessTime(Instant time) {
        return new RefundSpec(merchant, subMchid, outTradeNo, transactionId, outRefundNo, refundId, status, totalFen,
                refundFen, time);
    }
}
