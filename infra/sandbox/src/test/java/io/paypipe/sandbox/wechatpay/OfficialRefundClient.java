package io.paypipe.sandbox.wechatpay;

import com.wechat.pay.java.core.RSAPublicKeyConfig;
import com.wechat.pay.java.core.http.DefaultHttpClientBuilder;
import com.wechat.pay.java.core.http.HttpClient;
import com.wechat.pay.java.service.refund.RefundService;
import io.paypipe.core.merchant.Merchant;
import java.time.Duration;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;

/**
 * The official SDK's {@link RefundService} on its stock HTTP stack (OkHttp), configured
 * as a merchant configures it from the merchants file ({@link RSAPublicKeyConfig}: the
 * merchant's API key and serial, the platform public key and its id), with one OkHttp
 * interceptor that sends WeChat's host to the sandbox: scheme, host and port only, so the
 * path the SDK signed is the path sent.
 */
final class OfficialRefundClient {

    private OfficialRefundClient() {
    }

    static RefundService forMerchant(Merchant merchant, int sandboxPort, Duration readTimeout) {
        Merchant.WechatPayCredentials c = merchant.wechatpay();
        Merchant.PlatformKey platformKey = c.platformKeys().getFirst();
        return forMerchant(merchant, platformKey, sandboxPort, readTimeout);
    }

    /** Like the above, verifying answers with {@code platformKey}. */
    static RefundService forMerchant(Merchant merchant, Merchant.PlatformKey platformKey, int sandboxPort,
            Duration readTimeout) {
        return new RefundService.Builder().httpClient(httpClient(merchant, platformKey, sandboxPort, readTimeout))
            .build();
    }

    /**
     * The SDK's stock HTTP client for {@code merchant}, sending WeChat's host to the
     * sandbox: what every SDK service of the merchant is built on.
     */
    static HttpClient httpClient(Merchant merchant, Merchant.PlatformKey platformKey, int sandboxPort,
            Duration readTimeout) {
        Merchant.WechatPayCredentials c = merchant.wechatpay();
        RSAPublicKeyConfig config = new RSAPublicKeyConfig.Builder().merchantId(merchant.merchantId())
            .privateKey(c.merchantPrivateKeyPem())
            .merchantSerialNumber(c.merchantSerialNo())
            .publicKey(platformKey.publicKeyPem())
            .publicKeyId(platformKey.id())
            .apiV3Key(c.apiV3Key())
            .build();
        OkHttpClient toSandbox = new OkHttpClient.Builder().readTimeout(readTimeout)
            .retryOnConnectionFailure(false)
            .addInterceptor(chain -> {
                Request request = chain.request();
                HttpUrl url = request.url().newBuilder().scheme("http").host("127.0.0.1").port(sandboxPort).build();
                return chain.proceed(request.newBuilder().url(url).build());
            })
            .build();
        return new DefaultHttpClientBuilder().config(config).okHttpClient(toSandbox).build();
    }

}
