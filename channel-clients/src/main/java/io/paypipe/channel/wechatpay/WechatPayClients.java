package io.paypipe.channel.wechatpay;

import com.wechat.pay.java.core.auth.WechatPay2Credential;
import com.wechat.pay.java.core.auth.WechatPay2Validator;
import com.wechat.pay.java.core.cipher.RSASigner;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.core.util.PemUtil;
import io.paypipe.core.merchant.Merchant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The official SDK's HTTP client of each merchant: it signs as the merchant with its API
 * key from the merchants file ({@code merchantSerialNo}, {@code merchantPrivateKeyPem}),
 * verifies answers with the merchant's platform keys ({@link PlatformKeysVerifier}) and
 * sends through one JDK client to the {@link WechatPayEndpoint}
 * ({@link WechatPayApiClient}). The SDK's services ({@code RefundService},
 * {@code JsapiService}, ...) are built on it. One client per merchant and key set, kept;
 * {@link #close()} closes the JDK client.
 */
public final class WechatPayClients implements AutoCloseable {

    private final WechatPayEndpoint endpoint;

    private final java.net.http.HttpClient http;

    private final Map<String, HttpClient> clients = new ConcurrentHashMap<>();

    public WechatPayClients(WechatPayEndpoint endpoint) {
        this.endpoint = endpoint;
        this.http = java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1)
            .connectTimeout(endpoint.callTimeout())
            .build();
    }

    /**
     * The client that calls out for {@code merchant}; empty when the merchants file gives
     * it no outbound key or no platform key to verify the answers with.
     */
    public Optional<HttpClient> of(Merchant merchant) {
        Merchant.WechatPayCredentials c = merchant.wechatpay();
        if (!canCallOut(merchant)) {
            return Optional.empty();
        }
        String key = merchant.merchantId() + "|" + c.merchantSerialNo() + "|"
                + c.platformKeys().stream().map(Merchant.PlatformKey::id).toList();
        return Optional.of(clients.computeIfAbsent(key, k -> {
            RSASigner signer = new RSASigner(c.merchantSerialNo(),
                    PemUtil.loadPrivateKeyFromString(c.merchantPrivateKeyPem()));
            return new WechatPayApiClient(new WechatPay2Credential(merchant.merchantId(), signer),
                    new WechatPay2Validator(new PlatformKeysVerifier(c.platformKeys())), http, endpoint.baseUrl(),
                    endpoint.callTimeout());
        }));
    }

    /** Whether the merchants file gives {@code merchant} what a call out needs. */
    public static boolean canCallOut(Merchant merchant) {
        Merchant.WechatPayCredentials c = merchant.wechatpay();
        return c != null && c.merchantSerialNo() != null && !c.merchantSerialNo().isBlank()
                && c.merchantPrivateKeyPem() != null && !c.merchantPrivateKeyPem().isBlank()
                && !c.platformKeys().isEmpty();
    }

    public WechatPayEndpoint endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        http.close();
    }

}
