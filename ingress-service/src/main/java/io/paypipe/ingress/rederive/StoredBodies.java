package io.paypipe.ingress.rederive;

import io.paypipe.core.id.Channel;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.intake.Classified;

/**
 * One channel's checks run again on a body stored in a raw table, for a re-derive: what
 * of the original verification the stored body still allows, then the channel's current
 * parser and classifier. A channel whose signature inputs are not stored at all (Stripe:
 * the {@code Stripe-Signature} header) has none, and its rows are skipped.
 */
public interface StoredBodies {

    Channel channel();

    /**
     * {@code body} of a row of merchant {@code merchantId} (service provider
     * {@code spMerchantId}, null outside that mode), checked and classified again.
     */
    Check<Classified> recheck(String merchantId, String spMerchantId, String body);

}
