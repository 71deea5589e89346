package io.paypipe.sandbox.wechatpay;

import java.util.List;

/**
 * How WeChat Pay treats one refund request, chosen per refund (by
 * {@code POST /sandbox/wechatpay/refund-scenarios}) or for all
 * ({@code sandbox.wechatpay-refunds.scenario}). {@link #firstStatus()} is what the create
 * call answers, {@link #later()} the statuses the refund then moves through, one every
 * {@code sandbox.wechatpay-refunds.settle-after}, each pushed as its {@code REFUND.*}
 * notification.
 */
public enum RefundScenario {

    /** Answered PROCESSING, SUCCESS later: the usual case. */
    SUCCESS_LATER(RefundApiStatus.PROCESSING, List.of(RefundApiStatus.SUCCESS)),
    /** Answered SUCCESS at once (a refund to the payer's balance), notified at once. */
    SUCCESS_AT_ONCE(RefundApiStatus.SUCCESS, List.of()),
    /** Answered PROCESSING, then closed: the refund failed after it was accepted. */
    CLOSED_LATER(RefundApiStatus.PROCESSING, List.of(RefundApiStatus.CLOSED)),
    /** Answered PROCESSING, then ABNORMAL, then (handled in the dashboard) SUCCESS. */
    ABNORMAL_THEN_SUCCESS(RefundApiStatus.PROCESSING, List.of(RefundApiStatus.ABNORMAL, RefundApiStatus.SUCCESS)),
    /** Answered PROCESSING and left so (a refund to a bank card takes days). */
    STAY_PROCESSING(RefundApiStatus.PROCESSING, List.of()),
    /**
     * The create call answered 403 {@code NOT_ENOUGH}: the merchant's balance cannot pay
     * the refund; nothing is made.
     */
    NOT_ENOUGH(null, List.of()),
    /** The create call answered 500 {@code SYSTEM_ERROR}; nothing is made. */
    SYSTEM_ERROR(null, List.of()),
    /**
     * The refund is made (PROCESSING, SUCCESS later) but its answer is held for
     * {@code sandbox.wechatpay-refunds.lost-answer-hold}, longer than the caller waits:
     * the answer is lost.
     */
    ANSWER_LOST(RefundApiStatus.PROCESSING, List.of(RefundApiStatus.SUCCESS));

    private final RefundApiStatus firstStatus;

    private final List<RefundApiStatus> later;

    RefundScenario(RefundApiStatus firstStatus, List<RefundApiStatus> later) {
        this.firstStatus = firstStatus;
        this.later = later;
    }

    /** Whether a refund is made at all (NOT_ENOUGH and SYSTEM_ERROR make none). */
    public boolean makesRefund() {
        return firstStatus != null;
    }

    /** The status the refund is made with; null when none is made. */
    public RefundApiStatus firstStatus() {
        return firstStatus;
    }

    public List<RefundApiStatus> later() {
        return later;
    }

}
