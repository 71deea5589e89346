package io.paypipe.sandbox.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A WeChat Pay merchant as the sandbox (playing WeChat) knows it: the merchants-file
 * entry, the app id, and the platform keys whose private half only the sandbox holds. The
 * entry lists the app ids its notifications carry ({@code wechatpay.appIds}: the appid,
 * or the sp_appid; {@code wechatpay.subAppIds}: each sub_appid).
 * <p>
 * Direct mode: {@code merchant.merchantId()} is the mchid, {@code subMerchantIds} is
 * empty. Service-provider (partner) mode: {@code merchant.merchantId()} is the sp_mchid,
 * {@code appId} the sp_appid, {@code subMerchantIds} the sub_mchids with their sub_appids
 * in {@code subAppIds}. The service provider's keys sign and encrypt the notifications of
 * all its sub-merchants.
 */
public record WechatPaySandboxMerchant(Merchant merchant, String appId, Map<String, String> subAppIds,
        WechatPayMerchantKeys wechatPayKeys) {

    public WechatPaySandboxMerchant {
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(appId, "appId");
        Objects.requireNonNull(wechatPayKeys, "wechatPayKeys");
        subAppIds = subAppIds == null ? Map.of() : Map.copyOf(subAppIds);
        if (merchant.channel() != Channel.WECHATPAY) {
            throw new IllegalArgumentException("only WeChat Pay merchants are supported: " + merchant);
        }
        if (!subAppIds.keySet().equals(new java.util.HashSet<>(merchant.subMerchantIds()))) {
            throw new IllegalArgumentException("subAppIds must name exactly the sub-merchants");
        }
    }

    /** A direct-mode WeChat merchant with fresh keys. */
    public static WechatPaySandboxMerchant wechatDirect(String tenant, String mchid) {
        return wechatDirect(tenant, mchid, WechatPayMerchantKeys.generate());
    }

    /**
     * A direct-mode WeChat merchant with these keys (e.g. with a certificate key as
     * well).
     */
    public static WechatPaySandboxMerchant wechatDirect(String tenant, String mchid, WechatPayMerchantKeys keys) {
        String appId = appIdFor(mchid);
        Merchant merchant = new Merchant(tenant, Channel.WECHATPAY, mchid, List.of(),
                keys.credentials(List.of(appId), Map.of()), null, null);
        return new WechatPaySandboxMerchant(merchant, appId, Map.of(), keys);
    }

    /** A service provider (sp_mchid) with its sub-merchants and fresh keys. */
    public static WechatPaySandboxMerchant wechatServiceProvider(String tenant, String spMchid,
            List<String> subMchids) {
        return wechatServiceProvider(tenant, spMchid, subMchids, WechatPayMerchantKeys.generate());
    }

    /** A service provider with these keys. */
    public static WechatPaySandboxMerchant wechatServiceProvider(String tenant, String spMchid, List<String> subMchids,
            WechatPayMerchantKeys keys) {
        if (subMchids.isEmpty()) {
            throw new IllegalArgumentException("a service provider needs at least one sub-merchant");
        }
        Map<String, String> subAppIds = new LinkedHashMap<>();
        subMchids.forEach(sub -> subAppIds.put(sub, appIdFor(sub)));
        Map<String, List<String>> listed = new LinkedHashMap<>();
        subAppIds.forEach((sub, appId) -> listed.put(sub, List.of(appId)));
        Merchant merchant = new Merchant(tenant, Channel.WECHATPAY, spMchid, subMchids,
                keys.credentials(List.of(appIdFor(spMchid)), listed), null, null);
        return new WechatPaySandboxMerchant(merchant, appIdFor(spMchid), subAppIds, keys);
    }

    /**
     * A stable WeChat-shaped app id ({@code wx} + 16 hex digits) derived from a merchant
     * number.
     */
    public static String appIdFor(String mchid) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                .digest(("appid|" + mchid).getBytes(StandardCharsets.UTF_8));
            return "wx" + HexFormat.of().formatHex(digest, 0, 8);
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public String tenant() {
        return merchant.tenant();
    }

    /** The mchid, or the sp_mchid of a service provider. */
    public String merchantId() {
        return merchant.merchantId();
    }

    public List<String> subMerchantIds() {
        return merchant.subMerchantIds();
    }

    public boolean isServiceProvider() {
        return !merchant.subMerchantIds().isEmpty();
    }

    /**
     * The {@code sub_mchid} a payment or refund at {@code merchantId} names: none (null)
     * at a direct merchant, else {@code merchantId}, one of this service provider's
     * sub-merchants.
     * @throws IllegalArgumentException for the service provider's own number: it is paid
     * nothing itself
     */
    public String subMchidFor(String merchantId) {
        if (!isServiceProvider()) {
            return null;
        }
        if (merchantId().equals(merchantId)) {
            throw new IllegalArgumentException(merchantId + " is a service provider: give one of its sub-merchants");
        }
        return merchantId;
    }

    public String subAppId(String subMchid) {
        String subAppId = subAppIds.get(subMchid);
        if (subAppId == null) {
            throw new IllegalArgumentException(subMchid + " is not a sub-merchant of " + merchantId());
        }
        return subAppId;
    }

    @Override
    public String toString() {
        return "WechatPaySandboxMerchant[" + merchant + ", keys=" + wechatPayKeys + "]";
    }
}
