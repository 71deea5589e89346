package io.paypipe.ingress.wechatpay;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.wechat.pay.java.core.cipher.AeadAesCipher;
import com.wechat.pay.java.core.exception.DecryptionException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RequestParam;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One WeChat Pay merchant from the merchants file and its own notification parser: the
 * official SDK's {@link NotificationParser} with this merchant's platform keys and APIv3
 * key, working fully offline. The SDK's exception messages quote the signed message (the
 * body), so they are never passed on.
 */
final class WechatPayMerchant {

    static final String SIGN_TYPE = "WECHATPAY2-SHA256-RSA2048";
    static final String CIPHER = "AEAD_AES_256_GCM";

    /**
     * WeChat sends a few deliberately wrong signatures with this prefix to check that
     * merchants verify.
     */
    static final String SIGNTEST_PREFIX = "WECHATPAY/SIGNTEST/";

    private final TenantId tenant;

    private final String merchantId;

    private final Set<String> subMerchantIds;

    private final Set<String> appIds;

    private final Map<String, Set<String>> subAppIds;

    private final Set<String> serials;

    private final NotificationParser parser;

    private final Map<String, TenantId> subMerchantTenants;

    private final AeadAesCipher cipher;

    private WechatPayMerchant(TenantId tenant, String merchantId, Set<String> subMerchantIds, Set<String> appIds,
            Map<String, Set<String>> subAppIds, Set<String> serials, NotificationParser parser,
            Map<String, TenantId> subMerchantTenants, AeadAesCipher cipher) {
        this.tenant = tenant;
        this.cipher = cipher;
        this.subMerchantTenants = subMerchantTenants;
        this.merchantId = merchantId;
        this.subMerchantIds = subMerchantIds;
        this.appIds = appIds;
        this.subAppIds = subAppIds;
        this.serials = serials;
        this.parser = parser;
    }

    static WechatPayMerchant of(Merchant merchant) {
        Merchant.WechatPayCredentials credentials = merchant.wechatpay();
        if (credentials == null || credentials.apiV3Key() == null) {
            throw new IllegalArgumentException(merchant + " has no wechatpay credentials");
        }
        byte[] apiV3Key = credentials.apiV3Key().getBytes(StandardCharsets.UTF_8);
        if (apiV3Key.length != 32) {
            // the length only, never the key
            throw new IllegalArgumentException(
                    merchant + ": the APIv3 key must be 32 bytes, it has " + apiV3Key.length);
        }
        AeadAesCipher cipher = new AeadAesCipher(apiV3Key);
        NotificationParser parser = new NotificationParser(
                Map.of(SIGN_TYPE, PlatformKeyVerifier.of(credentials.platformKeys())), Map.of(CIPHER, cipher));
        Set<String> serials = Set
            .copyOf(credentials.platformKeys().stream().map(Merchant.PlatformKey::id).distinct().toList());
        Map<String, Set<String>> subAppIds = new HashMap<>();
        credentials.subAppIds().forEach((sub, ids) -> subAppIds.put(sub, Set.copyOf(ids)));
        Map<String, TenantId> subTenants = new HashMap<>();
        merchant.subMerchantTenants().forEach((sub, tenant) -> subTenants.put(sub, TenantId.of(tenant)));
        return new WechatPayMerchant(TenantId.of(merchant.tenant()), merchant.merchantId(),
                Set.copyOf(merchant.subMerchantIds()), Set.copyOf(credentials.appIds()), Map.copyOf(subAppIds), serials,
                parser, Map.copyOf(subTenants), cipher);
    }

    /**
     * Verifies the signature over {@code timestamp\nnonce\nbody\n} and decrypts
     * {@code resource}.
     */
    Check<JsonObject> open(WechatPayHeaders headers, String body) {
        RequestParam request = new RequestParam.Builder().serialNumber(headers.serial())
            .nonce(headers.nonce())
            .signature(headers.signature())
            .timestamp(headers.timestamp())
            .signType(headers.signType())
            .body(body)
            .build();
        try {
            return Check.ok(parser.parse(request, JsonObject.class));
        }
        catch (ValidationException e) {
            String probe = headers.signature().startsWith(SIGNTEST_PREFIX) ? " (a " + SIGNTEST_PREFIX + " probe)" : "";
            return Check.reject(Rejection.BAD_SIGNATURE,
                    "signature verification failed for merchant " + merchantId + probe);
        }
        catch (DecryptionException e) {
            return Check.reject(Rejection.DECRYPT_FAILED,
                    "AEAD_AES_256_GCM decryption failed for merchant " + merchantId);
        }
        catch (RuntimeException e) {
            // a malformed signature (Base64), envelope or plaintext; the message may
            // quote the body
            return Check.reject(Rejection.MALFORMED, "cannot open the notification: " + e.getClass().getSimpleName());
        }
    }

    /**
     * Decrypts the {@code resource} of a stored body (its envelope read strictly already)
     * without the signature headers, which are not stored: the GCM tag proves the
     * resource was sealed with this merchant's APIv3 key, i.e. by WeChat. The envelope
     * outside {@code resource} is not covered by the tag.
     */
    Check<JsonObject> decryptStored(String body) {
        try {
            JsonObject resource = JsonParser.parseString(body).getAsJsonObject().getAsJsonObject("resource");
            if (!CIPHER.equals(resource.get("algorithm").getAsString())) {
                return Check.reject(Rejection.DECRYPT_FAILED, "resource algorithm is not " + CIPHER);
            }
            JsonElement associated = resource.get("associated_data");
            String plaintext = cipher.decrypt(
                    (associated == null ? "" : associated.getAsString()).getBytes(StandardCharsets.UTF_8),
                    resource.get("nonce").getAsString().getBytes(StandardCharsets.UTF_8),
                    Base64.getDecoder().decode(resource.get("ciphertext").getAsString()));
            return Check.ok(JsonParser.parseString(plaintext).getAsJsonObject());
        }
        catch (DecryptionException e) {
            return Check.reject(Rejection.DECRYPT_FAILED,
                    "AEAD_AES_256_GCM decryption failed for merchant " + merchantId);
        }
        catch (RuntimeException e) {
            // the message may quote the body
            return Check.reject(Rejection.MALFORMED, "cannot open the stored body: " + e.getClass().getSimpleName());
        }
    }

    TenantId tenant() {
        return tenant;
    }

    /**
     * The tenant of an order of {@code orderMerchant}: this merchant's, or in
     * service-provider mode the sub-merchant's own when the merchants file names one.
     */
    TenantId tenantOf(MerchantId orderMerchant) {
        return subMerchantTenants.getOrDefault(orderMerchant.value(), tenant);
    }

    String merchantId() {
        return merchantId;
    }

    Set<String> subMerchantIds() {
        return subMerchantIds;
    }

    /**
     * Direct mode: the merchant's appids; service-provider mode: the provider's
     * sp_appids.
     */
    Set<String> appIds() {
        return appIds;
    }

    /** The sub_appids of a sub-merchant (none listed: empty). */
    Set<String> subAppIds(String subMchid) {
        return subAppIds.getOrDefault(subMchid, Set.of());
    }

    Set<String> serials() {
        return serials;
    }

    @Override
    public String toString() {
        return "WechatPayMerchant[" + tenant + "/" + merchantId + " keys=" + serials + "]";
    }

}
