package io.paypipe.ingress.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Stripe accounts of the merchants file. An account id names one entry (two entries
 * with one account are refused at start). Secrets may be shared (a Connect platform signs
 * every connected account's events with its own endpoint secret): such events name their
 * {@code account}, which then picks the entry.
 */
final class StripeMerchants {

    private final List<StripeMerchant> merchants;

    private final Map<String, StripeMerchant> byAccount;

    private StripeMerchants(List<StripeMerchant> merchants, Map<String, StripeMerchant> byAccount) {
        this.merchants = merchants;
        this.byAccount = byAccount;
    }

    static StripeMerchants from(MerchantsFile file) {
        List<StripeMerchant> merchants = file.merchants()
            .stream()
            .filter(m -> m.channel() == Channel.STRIPE)
            .map(StripeMerchant::of)
            .toList();
        Map<String, StripeMerchant> byAccount = new HashMap<>();
        for (StripeMerchant merchant : merchants) {
            StripeMerchant previous = byAccount.putIfAbsent(merchant.account(), merchant);
            if (previous != null) {
                throw new IllegalArgumentException("Stripe account " + merchant.account() + " is listed twice");
            }
        }
        return new StripeMerchants(merchants, Map.copyOf(byAccount));
    }

    static StripeMerchants of(List<Merchant> merchants) {
        return from(new MerchantsFile(merchants));
    }

    Optional<StripeMerchant> byAccount(String account) {
        return Optional.ofNullable(byAccount.get(account));
    }

    List<StripeMerchant> all() {
        return merchants;
    }

}
