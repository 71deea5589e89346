package io.paypipe.sandbox.merchant;

import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The merchants the sandbox plays the channel for. Created once at start; {@link #writeMerchantsFile(Path)}
 * publishes their public credentials (never the private keys) in the merchants file the services read.
 */
public final class SandboxMerchants {

    /** Direct merchant {@code i} (0-based) gets mchid {@code 1900000100 + i}. */
    public static final long FIRST_DIRECT_MCHID = 1_900_000_100L;
    /** The demo service provider's sp_mchid. */
    public static final String SERVICE_PROVIDER_MCHID = "1230000109";
    /** Sub-merchant {@code i} (0-based) of the demo service provider gets sub_mchid {@code 1900009100 + i}. */
    public static final long FIRST_SUB_MCHID = 1_900_009_100L;

    private final List<SandboxMerchant> merchants;

    public SandboxMerchants(List<SandboxMerchant> merchants) {
        this.merchants = List.copyOf(merchants);
        List<String> ids = new ArrayList<>();
        for (SandboxMerchant m : this.merchants) {
            ids.add(m.merchantId());
            ids.addAll(m.subMerchantIds());
        }
        if (ids.stream().distinct().count() != ids.size()) {
            throw new IllegalArgumentException("merchant numbers must be unique: " + ids);
        }
    }

    /**
     * {@code directCount} direct WeChat merchants (mchid 1900000100, 1900000101, ...) and, when
     * {@code subMerchantCount > 0}, one service provider {@link #SERVICE_PROVIDER_MCHID} with that many
     * sub-merchants (1900009100, ...). Every merchant gets fresh keys.
     */
    public static SandboxMerchants generate(String tenant, int directCount, int subMerchantCount) {
        if (directCount < 0 || subMerchantCount < 0 || directCount > 9000) {
            throw new IllegalArgumentException("bad merchant counts");
        }
        List<SandboxMerchant> merchants = new ArrayList<>();
        for (int i = 0; i < directCount; i++) {
            merchants.add(SandboxMerchant.wechatDirect(tenant, Long.toString(FIRST_DIRECT_MCHID + i)));
        }
        if (subMerchantCount > 0) {
            List<String> subs = new ArrayList<>();
            for (int i = 0; i < subMerchantCount; i++) {
                subs.add(Long.toString(FIRST_SUB_MCHID + i));
            }
            merchants.add(SandboxMerchant.wechatServiceProvider(tenant, SERVICE_PROVIDER_MCHID, subs));
        }
        return new SandboxMerchants(merchants);
    }

    public List<SandboxMerchant> all() {
        return merchants;
    }

    /** The merchant whose mchid (or sp_mchid) is {@code merchantId}, or the service provider owning that sub_mchid. */
    public Optional<SandboxMerchant> find(String merchantId) {
        for (SandboxMerchant m : merchants) {
            if (m.merchantId().equals(merchantId) || m.subMerchantIds().contains(merchantId)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** Like {@link #find(String)}; throws {@link NoSuchElementException} for an unknown number. */
    public SandboxMerchant get(String merchantId) {
        return find(merchantId).orElseThrow(() -> new NoSuchElementException("unknown merchant " + merchantId));
    }

    /** The first direct merchant (1900000100 in the default setup). */
    public SandboxMerchant first() {
        return merchants.getFirst();
    }

    /** The merchants file content: public keys and APIv3 keys, no private key. */
    public MerchantsFile merchantsFile() {
        List<Merchant> entries = merchants.stream().map(SandboxMerchant::merchant).toList();
        return new MerchantsFile(entries);
    }

    /** Writes the merchants file atomically (owner-readable only) and returns its absolute path. */
    public Path writeMerchantsFile(Path path) {
        return writeMerchantsFile(path, List.of());
    }

    /** Like {@link #writeMerchantsFile(Path)}, followed by the entries of other channels' merchants. */
    public Path writeMerchantsFile(Path path, List<Merchant> otherChannels) {
        List<Merchant> entries = new ArrayList<>(merchantsFile().merchants());
        entries.addAll(otherChannels);
        new MerchantsFile(entries).write(path);
        return path.toAbsolutePath();
    }

    @Override
    public String toString() {
        return "SandboxMerchants" + merchants;
    }
}
