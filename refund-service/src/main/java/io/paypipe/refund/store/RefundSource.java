package io.paypipe.refund.store;

/**
 * Where a refund came from ({@code refund.source}): the refund API, an automatic refund
 * of a refund task, or the channel (made outside the product, recorded from its notice).
 */
public enum RefundSource {

    API, TASK, CHANNEL

}
