package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.util.List;
import java.util.Objects;

/**
 * A Stripe account as the sandbox (playing Stripe) knows it: the account id
 * ({@code acct_...}, also the merchant id of its orders), the signing secret of its
 * webhook endpoint ({@code whsec_...}) and its secret API key ({@code sk_test_...}),
 * which authenticates the account's API calls (refunds) as {@code Authorization: Bearer}.
 */
public record StripeMerchant(String tenant, String account, String endpointSecret, String secretKey) {

    public StripeMerchant {
        Objects.requireNonNull(tenant, "tenant");
        if (account == null || !account.startsWith("acct_")) {
            throw new IllegalArgumentException("a Stripe account id starts with acct_");
        }
        if (endpointSecret == null || !endpointSecret.startsWith("whsec_")) {
            throw new IllegalArgumentException("a webhook endpoint secret starts with whsec_");
        }
        if (secretKey == null || !secretKey.startsWith("sk_")) {
            throw new IllegalArgumentException("a secret API key starts with sk_");
        }
    }

    /** An account with this endpoint secret and a fresh random secret key. */
    public StripeMerchant(String tenant, String account, String endpointSecret) {
        this(tenant, account, endpointSecret, StripeIds.secretKey());
    }

    /** An account with a fresh random endpoint secret and secret key. */
    public static StripeMerchant generate(String tenant, String account) {
        return new StripeMerchant(tenant, account, StripeIds.endpointSecret(), StripeIds.secretKey());
    }

    /**
     * The merchants-file entry: channel STRIPE, merchant id = account id, {@code stripe:
     * {account, endpointSecret, secretKey}}.
     */
    public Merchant toMerchant() {
        return new Merchant(tenant, Channel.STRIPE, account, List.of(), null, null,
                new Merchant.StripeCredentials(account, endpointSecret, secretKey));
    }

    /** The same account after a secret roll: a new endpoint secret. */
    public StripeMerchant withEndpointSecret(String secret) {
        return new StripeMerchant(tenant, account, secret, secretKey);
    }

    @Override
    public String toString() {
        // never the secrets
        return "StripeMerchant[" + tenant + "/" + account + "]";
    }
}
