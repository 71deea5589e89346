package io.paypipe.reconcile.recon.diff;

/**
 * What kind of difference between a channel's bill and our side a {@code recon_diff} row
 * is ({@code recon_diff.category}).
 */
public enum Category {

    /** The bill has it (a payment), our ledger does not. */
    CHANNEL_ONLY,
    /**
     * We have it (a payment in the ledger, a successful refund), the bill of its day and
     * its neighbouring days' do not.
     */
    LOCAL_ONLY,
    /** Both sides have it with different amounts (payment or refund). */
    AMOUNT,
    /**
     * The bill lists a refund that we do not have, or that is not SUCCESS on our side.
     */
    STATUS,
    /**
     * A payment's fee differs from the merchant's configured rate, or the bill has a fee
     * line of its own.
     */
    FEE

}
