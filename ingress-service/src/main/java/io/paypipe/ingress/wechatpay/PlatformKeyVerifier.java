package io.paypipe.ingress.wechatpay;

import com.wechat.pay.java.core.cipher.RSAVerifier;
import com.wechat.pay.java.core.cipher.Verifier;
import com.wechat.pay.java.core.util.PemUtil;
import io.paypipe.core.merchant.Merchant.PlatformKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * All platform keys of one merchant, each under the id WeChat sends in
 * {@code Wechatpay-Serial}. While a merchant moves from platform certificates to a
 * platform public key, WeChat signs with either, so the serial picks the key. Each key is
 * the SDK's own {@link RSAVerifier} (SHA256withRSA over the raw message).
 */
final class PlatformKeyVerifier implements Verifier {

    private final Map<String, Verifier> bySerial;

    private PlatformKeyVerifier(Map<String, Verifier> bySerial) {
        this.bySerial = bySerial;
    }

    static PlatformKeyVerifier of(List<PlatformKey> keys) {
        Map<String, Verifier> bySerial = new LinkedHashMap<>();
        for (PlatformKey key : keys) {
            bySerial.put(key.id(), new RSAVerifier(PemUtil.loadPublicKeyFromString(key.publicKeyPem()), key.id()));
        }
        return new PlatformKeyVerifier(Map.copyOf(bySerial));
    }

    @Override
    public boolean verify(String serialNumber, String message, String signature) {
        Verifier verifier = bySerial.get(serialNumber);
        return verifier != null && verifier.verify(serialNumber, message, signature);
    }

    @Override
    public String getSerialNumber() {
        return bySerial.keySet().iterator().next();
    }

}
