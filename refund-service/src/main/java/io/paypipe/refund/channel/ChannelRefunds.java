package io.paypipe.refund.channel;

import io.paypipe.core.id.Channel;

/**
 * One channel's refund API as refund-service calls it: create a refund (idempotent on our
 * refund number: WeChat {@code out_refund_no}, Alipay {@code out_request_no}, Stripe
 * {@code Idempotency-Key} and {@code metadata.refund_no}) and query it. Implementations
 * call the channel (the sandbox locally) with the official SDK where it has one, verify
 * what comes back, never throw for an answer (every answer is a {@link RefundCall}) and
 * never log a key, a signature or a payer identifier. Called outside any database
 * transaction.
 */
public interface ChannelRefunds {

    Channel channel();

    /**
     * Asks the channel to refund {@code order}; the same refund number twice refunds
     * once.
     */
    RefundCall refund(RefundOrder order);

    /** What the channel says about the refund {@code order.refundNo()} now. */
    RefundCall query(RefundOrder order);

}
