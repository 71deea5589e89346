package io.paypipe.channel;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import java.util.List;
import java.util.Optional;

/**
 * The merchants of the merchants file, with the outbound credentials a call to a channel
 * is signed with (refunds, order queries, order closes). An order's merchant is the
 * account itself, or in service-provider mode a sub-merchant of the provider
 * ({@code sp_merchant_id}) whose credentials call out.
 * <p>
 * Not final only so that refund-service can keep its former
 * {@code io.paypipe.refund.channel.Merchants} name for its callers until they import this
 * one; it adds nothing.
 */
public final class Merchants {

    private volatile List<Merchant> all;

    public Merchants(MerchantsFile file) {
        this(file.merchants());
    }

    public Merchants(List<Merchant> merchants) {
        this.all = List.copyOf(merchants);
    }

    /**
     * A new merchants file (keys rotate): its merchants are in use once the returned swap
     * runs (service-support's {@code MerchantsFileWatch}). The channels' client caches
     * are keyed by the credentials they were built from, so a rotated key gets a new
     * client.
     */
    public Runnable prepare(MerchantsFile file) {
        List<Merchant> next = List.copyOf(file.merchants());
        return () -> all = next;
    }

    /**
     * The account that calls out for the orders of {@code merchant} (under {@code sp}, if
     * any): the provider's account, which must list {@code merchant} as one of its
     * sub-merchants, or else the merchant's own. Empty when the merchants file has none.
     */
    public final Optional<Merchant> of(Channel channel, MerchantId merchant, Optional<MerchantId> sp) {
        String account = sp.orElse(merchant).value();
        List<Merchant> merchants = all;
        return merchants.stream()
            .filter(m -> m.channel() == channel && m.merchantId().equals(account))
            .filter(m -> sp.isEmpty() || m.subMerchantIds().contains(merchant.value()))
            .findFirst();
    }

    public final int size() {
        return all.size();
    }

}
