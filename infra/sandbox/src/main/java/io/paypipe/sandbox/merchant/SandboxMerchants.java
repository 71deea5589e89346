package io.paypipe.sandbox.merchant;

import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.stripe.StripeMerchant;
import io.paypipe.sandbox.stripe.StripeMerchants;
import io.paypipe.sandbox.wechatpay.WechatPayMerchantKeys;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Every merchant the sandbox plays a channel for: WeChat Pay merchants, Alipay apps and
 * Stripe accounts. It holds all three channels or is not made: {@link #generate} builds
 * every channel's merchants or fails, the constructor refuses a channel left out (a
 * channel without merchants is an empty list), and the merchants file lists them all.
 * Created once at start; {@link #writeMerchantsFile(Path)} publishes their public
 * credentials (never the private keys) in the merchants file the services read.
 */
public final class SandboxMerchants {

    /** Direct merchant {@code i} (0-based) gets mchid {@code 1900000100 + i}. */
    public static final long FIRST_DIRECT_MCHID = 1_900_000_100L;

    /** The demo service provider's sp_mchid. */
    public static final String SERVICE_PROVIDER_MCHID = "1230000109";

    /**
     * Sub-merchant {@code i} (0-based) of the demo service provider gets sub_mchid
     * {@code 1900009100 + i}.
     */
    public static final long FIRST_SUB_MCHID = 1_900_009_100L;

    /** Direct Alipay app {@code i} (0-based) gets app id {@code 2021000100000000 + i}. */
    public static final long FIRST_ALIPAY_APP_ID = 2_021_000_100_000_000L;

    /** The demo Alipay service provider's (ISV's) app id. */
    public static final String ALIPAY_ISV_APP_ID = "2021000200000000";

    /**
     * App {@code i} (0-based) that authorised the demo ISV gets app id
     * {@code 2021000300000000 + i}.
     */
    public static final long FIRST_ALIPAY_AUTH_APP_ID = 2_021_000_300_000_000L;

    private final List<WechatPaySandboxMerchant> wechatPay;

    private final List<AlipayMerchant> alipay;

    private final StripeMerchants stripe;

    /**
     * Every channel's merchants, each list empty when the sandbox plays that channel for
     * nobody; none left out.
     */
    public SandboxMerchants(List<WechatPaySandboxMerchant> wechatPay, List<AlipayMerchant> alipay,
            List<StripeMerchant> stripe) {
        this.wechatPay = List.copyOf(required(wechatPay, "WeChat Pay"));
        this.alipay = List.copyOf(required(alipay, "Alipay"));
        this.stripe = new StripeMerchants(required(stripe, "Stripe"));
        List<String> ids = new ArrayList<>();
        for (WechatPaySandboxMerchant m : this.wechatPay) {
            ids.add(m.merchantId());
            ids.addAll(m.subMerchantIds());
        }
        for (AlipayMerchant m : this.alipay) {
            ids.add(m.appId());
            ids.addAll(m.authAppIds());
        }
        this.stripe.all().forEach(m -> ids.add(m.account()));
        if (ids.stream().distinct().count() != ids.size()) {
            throw new IllegalArgumentException("merchant numbers must be unique: " + ids);
        }
    }

    private static <T> List<T> required(List<T> merchants, String channel) {
        if (merchants == null) {
            throw new IllegalArgumentException("the " + channel + " merchants are missing: every channel's merchants"
                    + " are required, an empty list for a channel without any");
        }
        return merchants;
    }

    /**
     * Every channel's merchants as {@code counts} says, each with fresh keys: WeChat
     * Pay's direct merchants and, with sub-merchants, the service provider
     * {@link #SERVICE_PROVIDER_MCHID}; Alipay's direct apps and, with authorising apps,
     * the ISV {@link #ALIPAY_ISV_APP_ID}; the Stripe accounts.
     */
    public static SandboxMerchants generate(MerchantCounts counts) {
        return new SandboxMerchants(wechatPay(counts), alipay(counts),
                StripeMerchants.generate(counts.tenant(), counts.stripeAccounts()).all());
    }

    private static List<WechatPaySandboxMerchant> wechatPay(MerchantCounts counts) {
        Supplier<WechatPayMerchantKeys> keys = counts.wechatPayCertificateSerials()
                ? () -> WechatPayMerchantKeys.generate().withCertificateKey() : WechatPayMerchantKeys::generate;
        List<WechatPaySandboxMerchant> merchants = new ArrayList<>();
        for (int i = 0; i < counts.wechatPayDirect(); i++) {
            merchants.add(WechatPaySandboxMerchant.wechatDirect(counts.tenant(), Long.toString(FIRST_DIRECT_MCHID + i),
                    keys.get()));
        }
        if (counts.wechatPaySubMerchants() > 0) {
            List<String> subs = new ArrayList<>();
            for (int i = 0; i < counts.wechatPaySubMerchants(); i++) {
                subs.add(Long.toString(FIRST_SUB_MCHID + i));
            }
            merchants.add(WechatPaySandboxMerchant.wechatServiceProvider(counts.tenant(), SERVICE_PROVIDER_MCHID, subs,
                    keys.get()));
        }
        return merchants;
    }

    private static List<AlipayMerchant> alipay(MerchantCounts counts) {
        List<AlipayMerchant> apps = new ArrayList<>();
        for (int i = 0; i < counts.alipayDirect(); i++) {
            apps.add(AlipayMerchant.direct(counts.tenant(), Long.toString(FIRST_ALIPAY_APP_ID + i)));
        }
        if (counts.alipaySubMerchants() > 0) {
            List<String> authApps = new ArrayList<>();
            for (int i = 0; i < counts.alipaySubMerchants(); i++) {
                authApps.add(Long.toString(FIRST_ALIPAY_AUTH_APP_ID + i));
            }
            apps.add(AlipayMerchant.serviceProvider(counts.tenant(), ALIPAY_ISV_APP_ID, authApps));
        }
        return apps;
    }

    /** The WeChat Pay merchants: direct merchants and service providers. */
    public List<WechatPaySandboxMerchant> wechatPay() {
        return wechatPay;
    }

    /**
     * The WeChat Pay merchant whose mchid (or sp_mchid) is {@code merchantId}, or the
     * provider owning that sub_mchid.
     */
    public Optional<WechatPaySandboxMerchant> findWechatPay(String merchantId) {
        return wechatPay.stream()
            .filter(m -> m.merchantId().equals(merchantId) || m.subMerchantIds().contains(merchantId))
            .findFirst();
    }

    /**
     * Like {@link #findWechatPay(String)}; throws {@link NoSuchElementException} for an
     * unknown number.
     */
    public WechatPaySandboxMerchant wechatPay(String merchantId) {
        return findWechatPay(merchantId)
            .orElseThrow(() -> new NoSuchElementException("unknown merchant " + merchantId));
    }

    /** The first direct WeChat Pay merchant (1900000100 in the default setup). */
    public WechatPaySandboxMerchant firstWechatPay() {
        return wechatPay.getFirst();
    }

    /** The Alipay merchants: direct apps and service providers. */
    public List<AlipayMerchant> alipay() {
        return alipay;
    }

    /** The Alipay app {@code appId}, or the service provider acting for it. */
    public Optional<AlipayMerchant> findAlipay(String appId) {
        return alipay.stream().filter(m -> m.owns(appId)).findFirst();
    }

    /**
     * Like {@link #findAlipay(String)}; throws {@link NoSuchElementException} for an
     * unknown app id.
     */
    public AlipayMerchant alipay(String appId) {
        return findAlipay(appId).orElseThrow(() -> new NoSuchElementException("unknown Alipay app " + appId));
    }

    /** The Stripe accounts. */
    public StripeMerchants stripe() {
        return stripe;
    }

    /**
     * The merchants file: public keys, APIv3 keys and endpoint secrets, no private key;
     * WeChat Pay, Alipay, Stripe.
     */
    public MerchantsFile merchantsFile() {
        List<Merchant> entries = new ArrayList<>();
        wechatPay.forEach(m -> entries.add(m.merchant()));
        alipay.forEach(m -> entries.add(m.merchant()));
        entries.addAll(stripe.entries());
        return new MerchantsFile(entries);
    }

    /**
     * Writes the merchants file atomically (owner-readable only) and returns its absolute
     * path.
     */
    public Path writeMerchantsFile(Path path) {
        merchantsFile().write(path);
        return path.toAbsolutePath();
    }

    @Override
    public String toString() {
        return "SandboxMerchants" + wechatPay + alipay + stripe.all();
    }

}
