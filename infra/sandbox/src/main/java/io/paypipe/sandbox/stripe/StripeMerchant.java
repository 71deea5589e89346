package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.util.List;
import java.util.Objects;

/**
 * A Stripe account as the sandbox (playing Stripe) knows it: the account id
 * ({@code acct_...}, also the merchant id of its orders) and the signing secret of its
 * webhook endpoint ({@code whsec_...}).
 */
public record StripeMerchant(String tenant, String account, String endpointSecret) {

    public StripeMerchant {
        Objects.requireNonNull(tenant, "tenant");
        if (account == null || !account.startsWith("acct_")) {
            throw new IllegalArgumentException("a Stripe account id starts with acct_");
        }
        if (endpointSecret == null || !endpointSecret.startsWith("whsec_")) {
            throw new IllegalArgumentException("a webhook endpoint secret starts with whsec_");
        }
    }

    /** An account with a fresh random endpoint secret. */
    public static StripeMerchant generate(String tenant, String account) {
        return new StripeMerchant(tenant, account, StripeIds.endpointSecret());
    }

    /**
     * The merchants-file entry: channel STRIPE, merchant id = account id, {@code stripe:
     * {account, endpointSecret}}.
     */
    public Merchant toMerchant() {
        return new Merchant(tenant, Channel.STRIPE, account, List.of(), null, null,
                new Merchant.StripeCredentials(account, endpointSecret));
    }

    /** The same account after a secret roll: a new endpoint secret. */
    public StripeMerchant withEndpointSecret(String secret) {
        return new StripeMerchant(tenant, account, secret);
    }

    @Override
    public String toString() {
        // never the secret
        return "StripeMerchant[" + tenant + "/" + account + "]";
    }
}
