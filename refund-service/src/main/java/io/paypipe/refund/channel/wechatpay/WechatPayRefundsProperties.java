package io.paypipe.refund.channel.wechatpay;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where WeChat Pay's API is ({@code refund.wechatpay.*}).
 *
 * @param baseUrl scheme, host and port that take the SDK's calls in place of
 * {@code https://api.mch.weixin.qq.com}; by default the sandbox on its default port
 */
@ConfigurationProperties("refund.wechatpay")
public record WechatPayRefundsProperties(@DefaultValue("http://127.0.0.1:8090") URI baseUrl) {
}
