package io.paypipe.sandbox.config;

import io.paypipe.sandbox.merchant.MerchantCounts;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * All sandbox settings ({@code sandbox.*}).
 *
 * @param notifyBaseUrl where the merchant's callback receiver (ingress) listens
 * @param wechatpayNotifyPath path of the WeChat Pay notify endpoint under
 * {@code notifyBaseUrl}
 * @param timeCompression divides every re-push delay (1 = real time, 1000 turns 15 s into
 * 15 ms)
 * @param notifyTimeout per-attempt HTTP timeout of a push (WeChat: 5 s; not compressed)
 * @param merchantsFile where the sandbox writes ITS merchants file at start (the
 * credentials it generated; the local launcher points the services at it); default
 * {@code var/sandbox/merchants.yaml}. Never the product's {@code PAYMENT_MERCHANTS_FILE}:
 * the sandbox refuses to start when the two are the same file
 * ({@link SandboxMerchantsFileGuard})
 * @param merchantCount direct WeChat merchants to create (mchid 1900000100, 1900000101,
 * ...)
 * @param subMerchantCount sub-merchants of one service provider (sp_mchid 1230000109) to
 * create; 0 = none
 * @param tenant the tenant (shop) the merchants belong to
 * @param alipayNotifyPath path of the Alipay notify endpoint under {@code notifyBaseUrl}
 * @param alipayMerchantCount direct Alipay apps to create (app id 2021000100000000,
 * 2021000100000001, ...)
 * @param alipaySubMerchantCount apps that authorised one Alipay service provider (ISV app
 * 2021000200000000) to create (app id 2021000300000000, ...); 0 = no service provider
 * @param wechatpayCertificateSerials every WeChat merchant also gets a platform
 * certificate key under a 40-hex serial, and every other notification is signed with it
 * (WeChat's switch from certificates to public keys)
 * @param stripeNotifyPath path of the Stripe webhook endpoint under {@code notifyBaseUrl}
 * @param stripeMerchantCount Stripe accounts to create (acct_1PaypipeSbx0000, ...), each
 * with its own endpoint secret
 */
@ConfigurationProperties("sandbox")
public record SandboxProperties(@DefaultValue("http://127.0.0.1:8081") URI notifyBaseUrl,
        @DefaultValue("/notify/wechatpay") String wechatpayNotifyPath, @DefaultValue("1") long timeCompression,
        @DefaultValue("5s") Duration notifyTimeout, Path merchantsFile, @DefaultValue("2") int merchantCount,
        @DefaultValue("0") int subMerchantCount, @DefaultValue("demo-shop") String tenant,
        @DefaultValue("/notify/alipay") String alipayNotifyPath, @DefaultValue("2") int alipayMerchantCount,
        @DefaultValue("0") int alipaySubMerchantCount, @DefaultValue("false") boolean wechatpayCertificateSerials,
        @DefaultValue("/notify/stripe") String stripeNotifyPath, @DefaultValue("2") int stripeMerchantCount) {

    public static final String DEFAULT_MERCHANTS_FILE = "var/sandbox/merchants.yaml";

    public SandboxProperties {
        if (merchantsFile == null) {
            merchantsFile = Path.of(DEFAULT_MERCHANTS_FILE);
        }
        if (timeCompression < 1) {
            throw new IllegalArgumentException("sandbox.time-compression must be >= 1");
        }
    }

    /** The merchants to create at start, every channel's. */
    public MerchantCounts merchantCounts() {
        return new MerchantCounts(tenant, merchantCount, subMerchantCount, wechatpayCertificateSerials,
                alipayMerchantCount, alipaySubMerchantCount, stripeMerchantCount);
    }

    /**
     * {@code notifyBaseUrl} + {@code wechatpayNotifyPath}, e.g.
     * {@code http://127.0.0.1:8081/notify/wechatpay}.
     */
    public URI wechatpayNotifyUrl() {
        return notifyUrl(wechatpayNotifyPath);
    }

    /**
     * {@code notifyBaseUrl} + {@code alipayNotifyPath}, e.g.
     * {@code http://127.0.0.1:8081/notify/alipay}.
     */
    public URI alipayNotifyUrl() {
        return notifyUrl(alipayNotifyPath);
    }

    /**
     * {@code notifyBaseUrl} + {@code stripeNotifyPath}, e.g.
     * {@code http://127.0.0.1:8081/notify/stripe}.
     */
    public URI stripeNotifyUrl() {
        return notifyUrl(stripeNotifyPath);
    }

    private URI notifyUrl(String notifyPath) {
        String base = notifyBaseUrl.toString();
        String trimmed = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        String path = notifyPath.startsWith("/") ? notifyPath : "/" + notifyPath;
        return URI.create(trimmed + path);
    }
}
