package io.paypipe.sandbox.alipay;

/**
 * How the sandbox's Alipay answers the next {@code alipay.trade.refund} of a trade that
 * is a new refund (a request repeating an {@code out_request_no} already refunded is
 * answered from the refund it names and takes no scenario). Set per trade with
 * {@link AlipayTradeBook#nextRefunds}; a trade without one gets {@link #SUCCESS}.
 */
public enum AlipayRefundScenario {

    /**
     * What Alipay does for a trade paid from a balance: code 10000 with
     * {@code fund_change=Y} at once, then the refund notice.
     */
    SUCCESS,

    /**
     * Code 10000 with {@code fund_change=N}: taken, not yet refunded. The query shows the
     * refund without {@code refund_status} until it succeeds after
     * {@code sandbox.alipay.refund-settle-delay}; then {@code REFUND_SUCCESS} and the
     * notice.
     */
    ACCEPTED_THEN_SUCCESS,

    /**
     * 40004 {@code ACQ.SELLER_BALANCE_NOT_ENOUGH}: the merchant's balance cannot cover
     * it; nothing refunded, the same {@code out_request_no} may be sent again later.
     */
    INSUFFICIENT_BALANCE,

    /**
     * The refund is made as {@link #SUCCESS} (notice included), but the HTTP answer is
     * held for {@code sandbox.alipay.lost-answer-hold} and then replaced by a 504: the
     * caller times out without knowing.
     */
    ANSWER_LOST,

    /**
     * The gateway answers 503 before the refund is looked at: nothing refunded.
     */
    UNAVAILABLE

}
