package io.paypipe.reconcile.recon.diff;

/** The kind of a difference between a channel's bill and our ledger or refunds. */
public enum Category {

    /** The channel has it, we do not. */
    CHANNEL_ONLY,

    /** We have it, the channel does not. */
    LOCAL_ONLY,

    /** Both have it with different amounts. */
    AMOUNT,

    /** Both have it in different states (e.g. refunded at the channel only). */
    STATUS,

    /** The channel's fee differs from the merchant's configured rate. */
    FEE

}
