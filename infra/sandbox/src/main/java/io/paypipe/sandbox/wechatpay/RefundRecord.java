package io.paypipe.sandbox.wechatpay;

import java.time.Instant;
import java.util.Objects;

/**
 * One refund in WeChat Pay's books: what it refunds ({@code spec}: merchant, trade, our
 * and WeChat's numbers, amounts), its API status, when it was made and when it succeeded
 * (null until then). {@code fromDashboard}: made in the merchant's dashboard, not by an
 * API call.
 */
public record RefundRecord(RefundSpec spec, RefundApiStatus status, Instant createTime, Instant successTime,
        boolean fromDashboard) {

    public RefundRecord {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(createTime, "createTime");
    }

    /**
     * Whose refund it is: the sub_mchid in partner mode, else the mchid; its
     * {@code out_refund_no} is unique per owner.
     */
    public String owner() {
        return spec.subMchid() != null ? spec.subMchid() : spec.merchant().merchantId();
    }

    public String outRefundNo() {
        return spec.outRefundNo();
    }

    public String refundId() {
        return spec.refundId();
    }

    public long refundFen() {
        return spec.refundFen();
    }

    /** This refund with {@code next}; SUCCESS stamped {@code at}. */
    RefundRecord moveTo(RefundApiStatus next, Instant at) {
        return new RefundRecord(spec, next, createTime, next == RefundApiStatus.SUCCESS ? at : successTime,
                fromDashboard);
    }

    /** The notification of this refund's status (SUCCESS, CLOSED or ABNORMAL). */
    RefundSpec notice() {
        RefundStatus notice = status.notice()
            .orElseThrow(() -> new IllegalStateException("a PROCESSING refund is not notified"));
        return spec.withStatus(notice).withSuccessTime(successTime);
    }

}
