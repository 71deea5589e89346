package io.paypipe.channel.wechatpay;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * Where WeChat Pay's API is and how long one call may take, as the calling service's
 * configuration says.
 *
 * @param baseUrl scheme, host and port that take the SDK's calls in place of
 * {@code https://api.mch.weixin.qq.com} (the sandbox locally); no path
 * @param callTimeout bound on one call (connect and answer); a call that takes longer has
 * no answer
 */
public record WechatPayEndpoint(URI baseUrl, Duration callTimeout) {

    public WechatPayEndpoint {
        Objects.requireNonNull(baseUrl, "baseUrl");
        if (callTimeout == null || !callTimeout.isPositive()) {
            throw new IllegalArgumentException("the WeChat Pay call timeout must be positive");
        }
    }

}
