package io.paypipe.core.merchant;

import io.paypipe.core.id.Channel;
import java.util.List;

/**
 * One merchant account at one channel. {@code merchantId} is the WeChat mchid (the service provider's
 * sp_mchid in service-provider mode, with its sub-merchants in {@code subMerchantIds}), the Alipay app id
 * or the Stripe account. Exactly the credentials block of its channel is set.
 */
public record Merchant(String tenant, Channel channel, String merchantId, List<String> subMerchantIds,
                       WechatPayCredentials wechatpay, AlipayCredentials alipay, StripeCredentials stripe) {

    public Merchant {
        subMerchantIds = subMerchantIds == null ? List.of() : List.copyOf(subMerchantIds);
    }

    @Override
    public String toString() {
        // never the credentials
        return "Merchant[" + tenant + "/" + channel.code() + "/" + merchantId + "]";
    }

    /**
     * WeChat Pay API v3: the APIv3 key (32 ASCII characters, decrypts {@code resource}) and the platform
     * keys that sign notifications, each under the id sent in {@code Wechatpay-Serial}: a public-key id
     * ({@code PUB_KEY_ID_...}) or a platform certificate serial (40 hex characters).
     */
    public record WechatPayCredentials(String apiV3Key, List<PlatformKey> platformKeys) {
        public WechatPayCredentials {
            platformKeys = platformKeys == null ? List.of() : List.copyOf(platformKeys);
        }

        @Override
        public String toString() {
            return "WechatPayCredentials[keys=" + platformKeys.stream().map(PlatformKey::id).toList() + "]";
        }
    }

    /** A platform public key in PEM (SubjectPublicKeyInfo) form and the id WeChat names it by. */
    public record PlatformKey(String id, String publicKeyPem) {
        @Override
        public String toString() {
            return "PlatformKey[" + id + "]";
        }
    }

    /** Alipay: the app id and Alipay's public key (Base64 X.509 or PEM) that signs notifications. */
    public record AlipayCredentials(String appId, String alipayPublicKey) {
        @Override
        public String toString() {
            return "AlipayCredentials[" + appId + "]";
        }
    }

    /** Stripe: the account and the webhook endpoint secret ({@code whsec_...}). */
    public record StripeCredentials(String account, String endpointSecret) {
        @Override
        public String toString() {
            return "StripeCredentials[" + account + "]";
        }
    }
}
