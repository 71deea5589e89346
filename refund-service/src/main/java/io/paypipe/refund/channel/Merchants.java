package io.paypipe.refund.channel;

import io.paypipe.core.merchant.MerchantsFile;

/**
 * The merchants' outbound credentials lookup, {@link io.paypipe.channel.Merchants} of
 * channel-clients, under the name refund-service's configuration and sender still import.
 */
public final class Merchants extends io.paypipe.channel.Merchants {

    public Merchants(MerchantsFile file) {
        super(file);
    }

}
