package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An Alipay app as the sandbox (playing Alipay) knows it: the merchants-file entry and
 * Alipay's own RSA-2048 key pair for this app, whose private half signs the app's
 * notifications and never leaves the sandbox.
 * <p>
 * Direct mode: {@code merchant.merchantId()} is the app id, and notifications carry
 * {@code app_id} = {@code auth_app_id} = that id. Service-provider (ISV) mode: the
 * merchant entry is the ISV's app, its {@code subMerchantIds} are the app ids of the
 * merchants that authorised it; a notification for one of them carries {@code app_id} =
 * the ISV's app (whose key signs it) and {@code auth_app_id} = the merchant's app, which
 * owns the order.
 * <p>
 * The entry names the seller its notifications carry in {@code seller_id}:
 * {@link #sellerIdFor} of the app ({@code alipay.sellerId}) and, for an ISV, of every
 * authorising app ({@code alipay.authAppSellerIds}).
 * <p>
 * The app's own key pair is the merchant's: its private half
 * ({@code alipay.appPrivateKey} in the merchants file, Base64 PKCS#8) signs the app's
 * calls to the gateway (refunds, refund queries), and the sandbox verifies them with the
 * public half, which it derives from that entry as Alipay holds the app public key
 * uploaded in its console.
 */
public record AlipayMerchant(Merchant merchant, KeyPair alipayKeyPair) {

    public AlipayMerchant {
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(alipayKeyPair, "alipayKeyPair");
        if (merchant.channel() != Channel.ALIPAY || merchant.alipay() == null
                || !merchant.merchantId().equals(merchant.alipay().appId())) {
            throw new IllegalArgumentException("not an Alipay merchant whose id is its app id: " + merchant);
        }
    }

    /** A direct app with a fresh Alipay key pair. */
    public static AlipayMerchant direct(String tenant, String appId) {
        return of(tenant, appId, List.of());
    }

    /**
     * A service provider's (ISV's) app acting for the apps {@code authAppIds}, with a
     * fresh key pair.
     */
    public static AlipayMerchant serviceProvider(String tenant, String isvAppId, List<String> authAppIds) {
        if (authAppIds.isEmpty()) {
            throw new IllegalArgumentException("a service provider needs at least one authorising merchant");
        }
        return of(tenant, isvAppId, authAppIds);
    }

    private static AlipayMerchant of(String tenant, String appId, List<String> authAppIds) {
        KeyPair keys = AlipayCrypto.generateRsaKeyPair();
        KeyPair appKeys = AlipayCrypto.generateRsaKeyPair();
        Map<String, String> authAppSellers = new LinkedHashMap<>();
        authAppIds.forEach(authApp -> authAppSellers.put(authApp, sellerIdFor(authApp)));
        Merchant merchant = new Merchant(tenant, Channel.ALIPAY, appId, authAppIds, null,
                new Merchant.AlipayCredentials(appId, sellerIdFor(appId), authAppSellers,
                        AlipayCrypto.publicKeyBase64(keys.getPublic()),
                        AlipayCrypto.privateKeyBase64(appKeys.getPrivate())),
                null);
        return new AlipayMerchant(merchant, keys);
    }

    public String tenant() {
        return merchant.tenant();
    }

    /** The app id: the one in {@code app_id}, whose Alipay key signs. */
    public String appId() {
        return merchant.merchantId();
    }

    public List<String> authAppIds() {
        return merchant.subMerchantIds();
    }

    public boolean isServiceProvider() {
        return !merchant.subMerchantIds().isEmpty();
    }

    /** Whether {@code appId} is this app or one it acts for. */
    public boolean owns(String appId) {
        return appId().equals(appId) || authAppIds().contains(appId);
    }

    public PublicKey publicKey() {
        return alipayKeyPair.getPublic();
    }

    /** Alipay's public key as the merchants file holds it (Base64 X.509). */
    public String publicKeyBase64() {
        return merchant.alipay().alipayPublicKey();
    }

    /**
     * The app's public key, which verifies the app's signed gateway requests; empty when
     * the entry carries no app private key (the app cannot call the gateway).
     */
    public Optional<PublicKey> appPublicKey() {
        String appPrivateKey = merchant.alipay().appPrivateKey();
        if (appPrivateKey == null || appPrivateKey.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(AlipayCrypto.publicKeyOf(AlipayCrypto.parsePrivateKey(appPrivateKey)));
    }

    /** Signs {@code content} with Alipay's private key for this app. */
    public String sign(String content, Charset charset) {
        return AlipayCrypto.sign(alipayKeyPair.getPrivate(), content, charset);
    }

    /**
     * The seller's 16-digit Alipay user id ({@code 2088...}) of an app, stable for the
     * app id: the {@code seller_id}.
     */
    public static String sellerIdFor(String appId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                .digest(("seller|" + appId).getBytes(StandardCharsets.UTF_8));
            long n = Long.parseUnsignedLong(HexFormat.of().formatHex(digest, 0, 7), 16) % 1_000_000_000_000L;
            return "2088" + String.format("%012d", n);
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "AlipayMerchant[" + merchant + (isServiceProvider() ? " for " + authAppIds() : "") + "]";
    }
}
