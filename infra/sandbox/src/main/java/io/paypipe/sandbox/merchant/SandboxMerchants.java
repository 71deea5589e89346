package io.paypipe.sandbox.merchant;

import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.wechatpay.WechatPayMerchantKeys;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Supplier;

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
    /** Direct Alipay app {@code i} (0-based) gets app id {@code 2021000100000000 + i}. */
    public static final long FIRST_ALIPAY_APP_ID = 2_021_000_100_000_000L;
    /** The demo Alipay service provider's (ISV's) app id. */
    public static final String ALIPAY_ISV_APP_ID = "2021000200000000";
    /** App {@code i} (0-based) that authorised the demo ISV gets app id {@code 2021000300000000 + i}. */
    public static final long FIRST_ALIPAY_AUTH_APP_ID = 2_021_000_300_000_000L;

    private final List<SandboxMerchant> merchants;
    private final List<AlipayMerchant> alipayMerchants;

    public SandboxMerchants(List<SandboxMerchant> merchants) {
        this(merchants, List.of());
    }

    public SandboxMerchants(List<SandboxMerchant> merchants, List<AlipayMerchant> alipayMerchants) {
        this.merchants = List.copyOf(merchants);
        this.alipayMerchants = List.copyOf(alipayMerchants);
        List<String> ids = new ArrayList<>();
        for (SandboxMerchant m : this.merchants) {
            ids.add(m.merchantId());
            ids.addAll(m.subMerchantIds());
        }
        for (AlipayMerchant m : this.alipayMerchants) {
            ids.add(m.appId());
            ids.addAll(m.authAppIds());
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
        return generate(tenant, directCount, subMerchantCount, false, 0, 0);
    }

    /**
     * Like {@link #generate(String, int, int)}; with {@code certificateSerials} every merchant also gets a
     * platform certificate key under a 40-hex serial, as during WeChat's switch to public keys.
     */
    public static SandboxMerchants generate(String tenant, int directCount, int subMerchantCount,
                                            boolean certificateSerials) {
        return generate(tenant, directCount, subMerchantCount, certificateSerials, 0, 0);
    }

    /** As {@link #generate(String, int, int)}, plus Alipay apps (see the full form). */
    public static SandboxMerchants generate(String tenant, int directCount, int subMerchantCount, int alipayCount,
                                            int alipaySubCount) {
        return generate(tenant, directCount, subMerchantCount, false, alipayCount, alipaySubCount);
    }

    /**
     * WeChat merchants as {@link #generate(String, int, int, boolean)}, plus {@code alipayCount} direct Alipay
     * apps (app id 2021000100000000, 2021000100000001, ...) and, when {@code alipaySubCount > 0}, the Alipay
     * service provider {@link #ALIPAY_ISV_APP_ID} acting for that many apps (2021000300000000, ...).
     */
    public static SandboxMerchants generate(String tenant, int directCount, int subMerchantCount,
                                            boolean certificateSerials, int alipayCount, int alipaySubCount) {
        if (alipayCount < 0 || alipaySubCount < 0 || alipayCount > 9000) {
            throw new IllegalArgumentException("bad Alipay merchant counts");
        }
        List<AlipayMerchant> alipay = new ArrayList<>();
        for (int i = 0; i < alipayCount; i++) {
            alipay.add(AlipayMerchant.direct(tenant, Long.toString(FIRST_ALIPAY_APP_ID + i)));
        }
        if (alipaySubCount > 0) {
            List<String> authApps = new ArrayList<>();
            for (int i = 0; i < alipaySubCount; i++) {
                authApps.add(Long.toString(FIRST_ALIPAY_AUTH_APP_ID + i));
            }
            alipay.add(AlipayMerchant.serviceProvider(tenant, ALIPAY_ISV_APP_ID, authApps));
        }
        return new SandboxMerchants(wechat(tenant, directCount, subMerchantCount, certificateSerials), alipay);
    }

    private static List<SandboxMerchant> wechat(String tenant, int directCount, int subMerchantCount,
                                                boolean certificateSerials) {
        if (directCount < 0 || subMerchantCount < 0 || directCount > 9000) {
            throw new IllegalArgumentException("bad merchant counts");
        }
        Supplier<WechatPayMerchantKeys> keys = certificateSerials
                ? () -> WechatPayMerchantKeys.generate().withCertificateKey() : WechatPayMerchantKeys::generate;
        List<SandboxMerchant> merchants = new ArrayList<>();
        for (int i = 0; i < directCount; i++) {
            merchants.add(SandboxMerchant.wechatDirect(tenant, Long.toString(FIRST_DIRECT_MCHID + i), keys.get()));
        }
        if (subMerchantCount > 0) {
            List<String> subs = new ArrayList<>();
            for (int i = 0; i < subMerchantCount; i++) {
                subs.add(Long.toString(FIRST_SUB_MCHID + i));
            }
            merchants.add(SandboxMerchant.wechatServiceProvider(tenant, SERVICE_PROVIDER_MCHID, subs, keys.get()));
        }
        return merchants;
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

    /** The Alipay merchants: direct apps and service providers. */
    public List<AlipayMerchant> alipayAll() {
        return alipayMerchants;
    }

    /** The Alipay app {@code appId}, or the service provider acting for it. */
    public Optional<AlipayMerchant> findAlipay(String appId) {
        return alipayMerchants.stream().filter(m -> m.owns(appId)).findFirst();
    }

    /** Like {@link #findAlipay(String)}; throws {@link NoSuchElementException} for an unknown app id. */
    public AlipayMerchant alipay(String appId) {
        return findAlipay(appId).orElseThrow(() -> new NoSuchElementException("unknown Alipay app " + appId));
    }

    /** The first direct merchant (1900000100 in the default setup). */
    public SandboxMerchant first() {
        return merchants.getFirst();
    }

    /** The merchants file content: public keys and APIv3 keys, no private key. WeChat first, then Alipay. */
    public MerchantsFile merchantsFile() {
        List<Merchant> entries = new ArrayList<>(merchants.stream().map(SandboxMerchant::merchant).toList());
        alipayMerchants.forEach(m -> entries.add(m.merchant()));
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
        return "SandboxMerchants" + merchants + alipayMerchants;
    }
}
