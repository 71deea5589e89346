package io.paypipe.channel.wechatpay;

import com.wechat.pay.java.core.cipher.RSAVerifier;
import com.wechat.pay.java.core.cipher.Verifier;
import com.wechat.pay.java.core.util.PemUtil;
import io.paypipe.core.merchant.Merchant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Verifies WeChat Pay's answers with every platform key the merchants file lists for a
 * merchant, picked by {@code Wechatpay-Serial} (a public-key id or a certificate serial,
 * as during WeChat's switch from certificates), each with the SDK's own
 * {@link RSAVerifier}. An unknown serial or a malformed signature does not verify.
 */
public final class PlatformKeysVerifier implements Verifier {

    private final Map<String, RSAVerifier> byId = new LinkedHashMap<>();

    public PlatformKeysVerifier(List<Merchant.PlatformKey> keys) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("no platform key to verify WeChat Pay's answers");
        }
        keys.forEach(k -> byId.put(k.id(), new RSAVerifier(PemUtil.loadPublicKeyFromString(k.publicKeyPem()), k.id())));
    }

    @Override
    public boolean verify(String serialNumber, String message, String signature) {
        RSAVerifier verifier = serialNumber == null ? null : byId.get(serialNumber);
        if (verifier == null || signature == null) {
            return false;
        }
        try {
            return verifier.verify(serialNumber, message, signature);
        }
        catch (RuntimeException e) {
            return false;
        }
    }

    /** The first key's id: the SDK sends it in the request's {@code Wechatpay-Serial}. */
    @Override
    public String getSerialNumber() {
        return byId.keySet().iterator().next();
    }

}
