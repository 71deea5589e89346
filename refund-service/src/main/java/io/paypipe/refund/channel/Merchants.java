package io.paypipe.refund.channel;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import java.util.List;
import java.util.Optional;

/**
 * The merchants of the merchants file, with the outbound credentials a refund is signed
 * with. An order's merchant is the account itself, or in service-provider mode a
 * sub-merchant of the provider ({@code sp_merchant_id}) whose credentials call out.
 */
public final class Merchants {

    private final List<Merchant> all;

    public Merchants(MerchantsFile file) {
        this.all = file.merchants();
    }

    /**
     * The account that refunds the orders of {@code merchant} (under {@code sp}, if any).
     */
    public Optional<Merchant> of(Channel channel, MerchantId merchant, Optional<MerchantId> sp) {
        String account = sp.orElse(merchant).value();
        return all.stream()
            .filter(m -> m.channel() == channel && m.merchantId().equals(account))
            .filter(m -> sp.isEmpty() || m.subMerchantIds().contains(merchant.value()))
            .findFirst();
    }

    public int size() {
        return all.size();
    }

}
