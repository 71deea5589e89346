package io.paypipe.ingress.stripe;

import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import java.util.Objects;

/**
 * One Stripe account of the merchants file and the signing secret of its webhook
 * endpoint. The secret is the HMAC key as is (UTF-8 of the whole {@code whsec_...}
 * string, as stripe-java uses it); it never reaches a log.
 */
final class StripeMerchant {

    private final TenantId tenant;

    private final String account;

    private final String endpointSecret;

    private StripeMerchant(TenantId tenant, String account, String endpointSecret) {
        this.tenant = tenant;
        this.account = account;
        this.endpointSecret = endpointSecret;
    }

    static StripeMerchant of(Merchant merchant) {
        Merchant.StripeCredentials credentials = merchant.stripe();
        if (credentials == null || credentials.endpointSecret() == null || credentials.endpointSecret().isBlank()) {
            throw new IllegalArgumentException(merchant + " has no stripe endpoint secret");
        }
        String account = credentials.account() == null ? merchant.merchantId() : credentials.account();
        if (!Objects.equals(account, merchant.merchantId())) {
            throw new IllegalArgumentException(merchant + ": stripe.account must be the merchant id");
        }
        return new StripeMerchant(TenantId.of(merchant.tenant()), account, credentials.endpointSecret());
    }

    TenantId tenant() {
        return tenant;
    }

    /** The account id ({@code acct_...}), also the merchant id of its orders. */
    String account() {
        return account;
    }

    String endpointSecret() {
        return endpointSecret;
    }

    @Override
    public String toString() {
        return "StripeMerchant[" + tenant + "/" + account + "]";
    }

}
