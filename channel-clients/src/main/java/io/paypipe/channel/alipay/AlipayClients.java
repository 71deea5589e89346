package io.paypipe.channel.alipay;

import com.alipay.api.AlipayClient;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.internal.util.AlipayLogger;
import io.paypipe.core.merchant.Merchant;
import java.security.Security;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The official SDK's {@link DefaultAlipayClient} of each app: it signs every request RSA2
 * with the app's private key ({@code alipay.appPrivateKey} in the merchants file) and
 * verifies every answer that carries a {@code sign} (a successful answer must) with
 * Alipay's public key ({@code alipay.alipayPublicKey}), at the {@link AlipayEndpoint}.
 * One client per credentials, kept.
 * <p>
 * Two global side effects of the SDK are undone when this class loads, before anything
 * else can load the SDK's client: loading its client class clears the JVM's
 * {@code jdk.certpath.disabledAlgorithms} (restored right after), and its logger writes
 * request URLs with their signatures and whole answers (switched off; the callers log ids
 * and outcomes only). Service-provider (ISV) apps would need the merchant's
 * {@code app_auth_token}, which the merchants file does not carry: an ISV's calls are
 * sent under its own app.
 */
public final class AlipayClients {

    public static final String CERTPATH_DISABLED = "jdk.certpath.disabledAlgorithms";

    static {
        String before = Security.getProperty(CERTPATH_DISABLED);
        try {
            Class.forName("com.alipay.api.AbstractAlipayClient", true, AlipayClients.class.getClassLoader());
        }
        catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
        finally {
            if (before != null) {
                Security.setProperty(CERTPATH_DISABLED, before);
            }
        }
        AlipayLogger.setNeedEnableLogger(false);
    }

    private final AlipayEndpoint endpoint;

    private final Map<Merchant.AlipayCredentials, AlipayClient> clients = new ConcurrentHashMap<>();

    public AlipayClients(AlipayEndpoint endpoint) {
        this.endpoint = endpoint;
    }

    /**
     * The client that calls out for {@code merchant}; empty when the merchants file gives
     * it no app private key or no Alipay public key.
     */
    public Optional<AlipayClient> of(Merchant merchant) {
        if (!canCallOut(merchant)) {
            return Optional.empty();
        }
        return Optional.of(clients.computeIfAbsent(merchant.alipay(), c -> {
            DefaultAlipayClient client = new DefaultAlipayClient(endpoint.gatewayUrl(), c.appId(), c.appPrivateKey(),
                    "json", "UTF-8", base64(c.alipayPublicKey()), "RSA2");
            client.setConnectTimeout((int) endpoint.connectTimeout().toMillis());
            client.setReadTimeout((int) endpoint.readTimeout().toMillis());
            return client;
        }));
    }

    /** Whether the merchants file gives {@code merchant} what a call out needs. */
    public static boolean canCallOut(Merchant merchant) {
        Merchant.AlipayCredentials c = merchant.alipay();
        return c != null && !blank(c.appId()) && !blank(c.appPrivateKey()) && !blank(c.alipayPublicKey());
    }

    public AlipayEndpoint endpoint() {
        return endpoint;
    }

    /** The key as the SDK takes it: Base64 X.509 without PEM armour or line breaks. */
    private static String base64(String key) {
        return key.replaceAll("-----(BEGIN|END) PUBLIC KEY-----", "").replaceAll("\\s", "");
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

}
