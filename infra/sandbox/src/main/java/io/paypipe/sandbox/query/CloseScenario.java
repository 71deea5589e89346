package io.paypipe.sandbox.query;

/**
 * What happens when a merchant closes one order at the channel (chosen with
 * {@link CloseScenarios#choose}; used by the first close call of the order).
 */
public enum CloseScenario {

    /**
     * The buyer pays the order just before the channel processes the close: the payment
     * lands (its notification pushed as the order's callback scenario says) and the close
     * finds the order paid (WeChat 400 {@code ORDERPAID}, Alipay
     * {@code ACQ.TRADE_STATUS_ERROR}, Stripe 400
     * {@code payment_intent_unexpected_state}).
     */
    PAID_DURING_CLOSE

}
