package io.paypipe.support.merchant;

import io.paypipe.core.merchant.MerchantsFile;

/**
 * A part of a service built from the merchants file (the verifying keys of ingress, the
 * outbound credentials of refund-service, ...) that can take a new file without a
 * restart.
 */
@FunctionalInterface
public interface MerchantsReload {

    /**
     * Builds what {@code file} gives, or throws when this part cannot use it (a key that
     * does not parse, a key id listed twice); nothing changes until the returned swap
     * runs, which makes the new state current at once.
     */
    Runnable prepare(MerchantsFile file);

}
