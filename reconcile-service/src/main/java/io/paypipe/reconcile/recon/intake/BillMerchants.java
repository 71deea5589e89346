package io.paypipe.reconcile.recon.intake;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The accounts whose bills are reconciled, from the merchants file
 * ({@code reconcile.merchants-file}, read at start and again when it changes): per
 * channel every merchant, and in service-provider mode every sub-merchant of a provider
 * (its bill is asked for with the provider's credentials).
 */
@Component
public class BillMerchants {

    private volatile List<Merchant> merchants;

    @Autowired
    BillMerchants(MerchantsFile atStart) {
        this(atStart.merchants());
    }

    public BillMerchants(List<Merchant> merchants) {
        this.merchants = List.copyOf(merchants);
    }

    /**
     * A new merchants file: its accounts are reconciled once the returned swap runs
     * ({@code MerchantsFileWatch}).
     */
    public Runnable prepare(MerchantsFile file) {
        List<Merchant> next = List.copyOf(file.merchants());
        return () -> merchants = next;
    }

    /**
     * A merchant whose day is reconciled: {@code merchantId} lists the trades,
     * {@code provider} (service-provider mode) calls.
     */
    public record Account(String tenant, Channel channel, String merchantId, Optional<String> provider) {
    }

    /** Every account of the channel, in the file's order. */
    public List<Account> accounts(Channel channel) {
        List<Account> accounts = new ArrayList<>();
        List<Merchant> inUse = merchants;
        for (Merchant m : inUse) {
            if (m.channel() != channel) {
                continue;
            }
            if (m.subMerchantIds().isEmpty()) {
                accounts.add(new Account(m.tenant(), channel, m.merchantId(), Optional.empty()));
            }
            else {
                m.subMerchantIds()
                    .forEach((sub) -> accounts
                        .add(new Account(m.tenantOf(sub), channel, sub, Optional.of(m.merchantId()))));
            }
        }
        return accounts;
    }

    /** The account of a merchant (or sub-merchant), if the file has it. */
    public Optional<Account> account(Channel channel, String merchantId) {
        return accounts(channel).stream().filter((a) -> a.merchantId().equals(merchantId)).findFirst();
    }

    /** The provider that calls for a sub-merchant, empty for a merchant of its own. */
    Optional<MerchantId> providerOf(Channel channel, String merchantId) {
        return account(channel, merchantId).flatMap(Account::provider).map(MerchantId::of);
    }

}
