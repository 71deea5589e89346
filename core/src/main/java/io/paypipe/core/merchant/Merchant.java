package io.paypipe.core.merchant;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.paypipe.core.id.Channel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One merchant account at one channel. {@code merchantId} is the WeChat mchid (the
 * service provider's sp_mchid in service-provider mode, with its sub-merchants in
 * {@code subMerchantIds}), the Alipay app id or the Stripe account. Exactly the
 * credentials block of its channel is set.
 * <p>
 * {@code tenant} owns the merchant's orders. A service provider's (or Alipay ISV's)
 * sub-merchants may belong to other tenants (a platform serving several shops):
 * {@code subMerchantTenants} names the tenant of each sub-merchant that has its own; a
 * sub-merchant it does not name belongs to {@code tenant} ({@link #tenantOf}).
 */
public record Merchant(String tenant, Channel channel, String merchantId, List<String> subMerchantIds,
        WechatPayCredentials wechatpay, AlipayCredentials alipay, StripeCredentials stripe,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> subMerchantTenants) {

    public Merchant {
        subMerchantIds = subMerchantIds == null ? List.of() : List.copyOf(subMerchantIds);
        subMerchantTenants = subMerchantTenants == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(subMerchantTenants));
    }

    /** An entry whose sub-merchants (if any) all belong to {@code tenant}. */
    public Merchant(String tenant, Channel channel, String merchantId, List<String> subMerchantIds,
            WechatPayCredentials wechatpay, AlipayCredentials alipay, StripeCredentials stripe) {
        this(tenant, channel, merchantId, subMerchantIds, wechatpay, alipay, stripe, Map.of());
    }

    /**
     * The tenant owning the orders of {@code orderMerchantId}: this entry's merchant or
     * one of its sub-merchants.
     */
    public String tenantOf(String orderMerchantId) {
        return subMerchantTenants.getOrDefault(orderMerchantId, tenant);
    }

    /** The same entry with these sub-merchants' own tenants. */
    public Merchant withSubMerchantTenants(Map<String, String> tenants) {
        return new Merchant(tenant, channel, merchantId, subMerchantIds, wechatpay, alipay, stripe, tenants);
    }

    @Override
    public String toString() {
        // never the credentials
        return "Merchant[" + tenant + "/" + channel.code() + "/" + merchantId + "]";
    }

    /**
     * WeChat Pay API v3: the APIv3 key (32 ASCII characters, decrypts {@code resource}),
     * the app ids payments may name, and the platform keys that sign notifications, each
     * under the id sent in {@code Wechatpay-Serial}: a public-key id
     * ({@code PUB_KEY_ID_...}) or a platform certificate serial (40 hex characters).
     * <p>
     * {@code appIds}: direct mode, the merchant's own app ids ({@code appid});
     * service-provider mode, the provider's ({@code sp_appid}). {@code subAppIds}:
     * service-provider mode only, per sub_mchid the app ids of that sub-merchant
     * ({@code sub_appid}; a payment without one is made under the provider's app).
     */
    /**
     * {@code merchantSerialNo} and {@code merchantPrivateKeyPem} sign the merchant's own
     * calls to WeChat Pay (refund, refund query: refund-service); null where nothing
     * calls out.
     */
    public record WechatPayCredentials(String apiV3Key, List<String> appIds, Map<String, List<String>> subAppIds,
            List<PlatformKey> platformKeys, String merchantSerialNo, String merchantPrivateKeyPem) {

        /** Credentials that only receive notifications. */
        public WechatPayCredentials(String apiV3Key, List<String> appIds, Map<String, List<String>> subAppIds,
                List<PlatformKey> platformKeys) {
            this(apiV3Key, appIds, subAppIds, platformKeys, null, null);
        }

        public WechatPayCredentials {
            appIds = appIds == null ? List.of() : List.copyOf(appIds);
            Map<String, List<String>> subs = new LinkedHashMap<>();
            if (subAppIds != null) {
                subAppIds.forEach((sub, ids) -> subs.put(sub, ids == null ? List.of() : List.copyOf(ids)));
            }
            subAppIds = Collections.unmodifiableMap(subs);
            platformKeys = platformKeys == null ? List.of() : List.copyOf(platformKeys);
        }

        @Override
        public String toString() {
            return "WechatPayCredentials[apps=" + appIds + ", keys="
                    + platformKeys.stream().map(PlatformKey::id).toList() + "]";
        }
    }

    /**
     * A platform public key in PEM (SubjectPublicKeyInfo) form and the id WeChat names it
     * by.
     */
    public record PlatformKey(String id, String publicKeyPem) {
        @Override
        public String toString() {
            return "PlatformKey[" + id + "]";
        }
    }

    /**
     * Alipay: the app id, the seller (the {@code 2088...} user id, PID, of the merchant
     * whose orders the app's notifications are about: {@code seller_id}), per authorising
     * app of a service provider (ISV) that merchant's seller id, and Alipay's public key
     * (Base64 X.509 or PEM) that signs notifications.
     */
    /**
     * {@code appPrivateKey} signs the app's calls to Alipay (refund, refund query); null
     * where nothing calls out.
     */
    public record AlipayCredentials(String appId, String sellerId, Map<String, String> authAppSellerIds,
            String alipayPublicKey, String appPrivateKey) {

        /** Credentials that only receive notifications. */
        public AlipayCredentials(String appId, String sellerId, Map<String, String> authAppSellerIds,
                String alipayPublicKey) {
            this(appId, sellerId, authAppSellerIds, alipayPublicKey, null);
        }

        public AlipayCredentials {
            authAppSellerIds = authAppSellerIds == null ? Map.of()
                    : Collections.unmodifiableMap(new LinkedHashMap<>(authAppSellerIds));
        }

        @Override
        public String toString() {
            return "AlipayCredentials[" + appId + " seller " + sellerId + "]";
        }
    }

    /** Stripe: the account and the webhook endpoint secret ({@code whsec_...}). */
    /**
     * {@code secretKey} authenticates the account's API calls (refunds); null where
     * nothing calls out.
     */
    public record StripeCredentials(String account, String endpointSecret, String secretKey) {

        /** Credentials that only receive events. */
        public StripeCredentials(String account, String endpointSecret) {
            this(account, endpointSecret, null);
        }

        @Override
        public String toString() {
            return "StripeCredentials[" + account + "]";
        }
    }
}
