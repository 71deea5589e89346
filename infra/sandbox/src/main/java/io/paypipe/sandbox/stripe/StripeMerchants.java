package io.paypipe.sandbox.stripe;

import io.paypipe.core.merchant.Merchant;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/** The Stripe accounts the sandbox plays Stripe for, created once at start. */
public final class StripeMerchants {

    /**
     * Account {@code i} (0-based) of the sandbox is {@code acct_1PaypipeSbx} + 4 digits.
     */
    public static final String ACCOUNT_PREFIX = "acct_1PaypipeSbx";

    private final List<StripeMerchant> merchants;

    public StripeMerchants(List<StripeMerchant> merchants) {
        this.merchants = List.copyOf(merchants);
        if (this.merchants.stream().map(StripeMerchant::account).distinct().count() != this.merchants.size()) {
            throw new IllegalArgumentException("Stripe account ids must be unique");
        }
    }

    /**
     * {@code count} accounts {@code acct_1PaypipeSbx0000}, {@code ...0001}, ..., each
     * with a fresh endpoint secret.
     */
    public static StripeMerchants generate(String tenant, int count) {
        if (count < 0 || count > 9999) {
            throw new IllegalArgumentException("bad Stripe merchant count");
        }
        List<StripeMerchant> merchants = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            merchants.add(StripeMerchant.generate(tenant, accountId(i)));
        }
        return new StripeMerchants(merchants);
    }

    public static String accountId(int index) {
        return ACCOUNT_PREFIX + String.format("%04d", index);
    }

    public List<StripeMerchant> all() {
        return merchants;
    }

    public Optional<StripeMerchant> find(String account) {
        return merchants.stream().filter(m -> m.account().equals(account)).findFirst();
    }

    /**
     * Like {@link #find(String)}; {@link NoSuchElementException} for an unknown account.
     */
    public StripeMerchant get(String account) {
        return find(account).orElseThrow(() -> new NoSuchElementException("unknown Stripe account " + account));
    }

    /** The account whose secret API key is {@code secretKey}. */
    public Optional<StripeMerchant> findBySecretKey(String secretKey) {
        return merchants.stream().filter(m -> m.secretKey().equals(secretKey)).findFirst();
    }

    public StripeMerchant first() {
        if (merchants.isEmpty()) {
            throw new NoSuchElementException("the sandbox has no Stripe account (sandbox.stripe-merchant-count=0)");
        }
        return merchants.getFirst();
    }

    /** Their merchants-file entries. */
    public List<Merchant> entries() {
        return merchants.stream().map(StripeMerchant::toMerchant).toList();
    }

    @Override
    public String toString() {
        return "StripeMerchants" + merchants;
    }

}
