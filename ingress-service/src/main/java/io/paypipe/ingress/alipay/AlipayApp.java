package io.paypipe.ingress.alipay;

import com.alipay.api.AlipayApiException;
import com.alipay.api.internal.util.AlipaySignature;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * One Alipay app of the merchants file: its tenant, its app id, the apps that authorised
 * it as a service provider (ISV), the seller ({@code seller_id}) of its own and of each
 * authorising app's orders, and Alipay's public key for it. Verification is the official
 * SDK's {@link AlipaySignature#rsaCheckV1(java.util.Map, String, String, String)} with
 * sign type {@code RSA2} (SHA256withRSA over the sorted parameters without {@code sign}
 * and {@code sign_type}), fully offline.
 */
final class AlipayApp {

    static final String SIGN_TYPE = "RSA2";

    private final TenantId tenant;

    private final String appId;

    private final Set<String> authAppIds;

    private final Map<String, String> sellers;

    private final String publicKeyBase64;

    private final Map<String, TenantId> authAppTenants;

    private AlipayApp(TenantId tenant, String appId, Set<String> authAppIds, Map<String, String> sellers,
            String publicKeyBase64, Map<String, TenantId> authAppTenants) {
        this.tenant = tenant;
        this.authAppTenants = authAppTenants;
        this.appId = appId;
        this.authAppIds = authAppIds;
        this.sellers = sellers;
        this.publicKeyBase64 = publicKeyBase64;
    }

    /**
     * Refuses (at start) an entry without credentials, with another app id or a key that
     * is no RSA key.
     */
    static AlipayApp of(Merchant merchant) {
        Merchant.AlipayCredentials credentials = merchant.alipay();
        if (credentials == null || credentials.alipayPublicKey() == null) {
            throw new IllegalArgumentException(merchant + " has no alipay credentials");
        }
        if (!merchant.merchantId().equals(credentials.appId())) {
            throw new IllegalArgumentException(merchant + ": merchantId must be the app id " + credentials.appId());
        }
        String base64 = base64Of(credentials.alipayPublicKey());
        try {
            RSAPublicKey key = (RSAPublicKey) KeyFactory.getInstance("RSA")
                .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
            if (key.getModulus().bitLength() < 2048) {
                throw new IllegalArgumentException(merchant + ": Alipay's RSA2 key must have at least 2048 bits");
            }
        }
        catch (GeneralSecurityException | IllegalArgumentException | ClassCastException e) {
            throw new IllegalArgumentException(
                    merchant + ": alipayPublicKey is not an RSA public key (Base64 X.509 or PEM)", e);
        }
        Map<String, String> sellers = new HashMap<>(credentials.authAppSellerIds());
        if (credentials.sellerId() != null) {
            sellers.put(merchant.merchantId(), credentials.sellerId());
        }
        Map<String, TenantId> tenants = new HashMap<>();
        merchant.subMerchantTenants().forEach((app, tenant) -> tenants.put(app, TenantId.of(tenant)));
        return new AlipayApp(TenantId.of(merchant.tenant()), merchant.merchantId(),
                Set.copyOf(merchant.subMerchantIds()), Map.copyOf(sellers), base64, Map.copyOf(tenants));
    }

    /**
     * The SDK wants the bare Base64 of the X.509 key as Alipay's console shows it; a
     * PEM's armour would be decoded as key bytes by its lenient Base64, so it is taken
     * off here.
     */
    private static String base64Of(String key) {
        return key.replace("-----BEGIN PUBLIC KEY-----", "")
            .replace("-----END PUBLIC KEY-----", "")
            .replaceAll("\\s", "");
    }

    /**
     * Whether {@code sign} is Alipay's RSA2 signature of these parameters for this app.
     */
    Check<AlipayForm> verify(AlipayForm form) {
        try {
            // rsaCheckV1 removes sign and sign_type from the map it gets: a copy. Its
            // 3-argument overload would
            // check SHA1withRSA ("RSA"), hence the explicit sign type.
            if (AlipaySignature.rsaCheckV1(new HashMap<>(form.params()), publicKeyBase64, form.charset().name(),
                    SIGN_TYPE)) {
                return Check.ok(form);
            }
            return Check.reject(Rejection.BAD_SIGNATURE, "signature verification failed for app " + appId);
        }
        catch (AlipayApiException | RuntimeException e) {
            // the SDK's message quotes the signed content: the class only
            return Check.reject(Rejection.BAD_SIGNATURE,
                    "signature unreadable for app " + appId + ": " + e.getClass().getSimpleName());
        }
    }

    /**
     * The app that owns an order notified with {@code authAppId}: this app, or one that
     * authorised it.
     */
    boolean actsFor(String authAppId) {
        return appId.equals(authAppId) || authAppIds.contains(authAppId);
    }

    /**
     * Whether {@code sellerId} is the seller of the orders of {@code owner} (this app, or
     * an app that authorised it): {@code alipay.sellerId}, or that app's
     * {@code alipay.authAppSellerIds} entry.
     */
    boolean sellsAs(String owner, String sellerId) {
        return sellerId.equals(sellers.get(owner));
    }

    TenantId tenant() {
        return tenant;
    }

    /**
     * The tenant of an order of {@code owner}: this app's, or for an ISV the authorising
     * app's own when the merchants file names one.
     */
    TenantId tenantOf(String owner) {
        return authAppTenants.getOrDefault(owner, tenant);
    }

    String appId() {
        return appId;
    }

    Set<String> authAppIds() {
        return authAppIds;
    }

    @Override
    public String toString() {
        return "AlipayApp[" + tenant + "/" + appId + (authAppIds.isEmpty() ? "" : " for " + authAppIds) + "]";
    }

}
