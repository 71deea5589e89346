package io.paypipe.ingress.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.support.merchant.MerchantsReload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Stripe accounts of the merchants file. An account id names one entry (two entries
 * with one account are refused, at start or in a reloaded file). Secrets may be shared (a
 * Connect platform signs every connected account's events with its own endpoint secret):
 * such events name their {@code account}, which then picks the entry.
 */
final class StripeMerchants implements MerchantsReload {

    private volatile State state;

    /** What one merchants file gives; swapped as a whole when the file changes. */
    private record State(List<StripeMerchant> merchants, Map<String, StripeMerchant> byAccount) {
    }

    private StripeMerchants(State state) {
        this.state = state;
    }

    static StripeMerchants from(MerchantsFile file) {
        return new StripeMerchants(stateOf(file));
    }

    /**
     * A new merchants file (keys rotate): checked now, in use once the returned swap runs
     * ({@link io.paypipe.support.merchant.MerchantsFileWatch}).
     */
    @Override
    public Runnable prepare(MerchantsFile file) {
        State next = stateOf(file);
        return () -> state = next;
    }

    private static State stateOf(MerchantsFile file) {
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
        return new State(merchants, Map.copyOf(byAccount));
    }

    static StripeMerchants of(List<Merchant> merchants) {
        return from(new MerchantsFile(merchants));
    }

    Optional<StripeMerchant> byAccount(String account) {
        return Optional.ofNullable(state.byAccount().get(account));
    }

    List<StripeMerchant> all() {
        return state.merchants();
    }

}
