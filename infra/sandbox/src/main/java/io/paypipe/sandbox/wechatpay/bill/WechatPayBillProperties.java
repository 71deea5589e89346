package io.paypipe.sandbox.wechatpay.bill;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * WeChat Pay's trade bills in the sandbox ({@code sandbox.wechatpay-bills.*}).
 *
 * @param tokenTtl how long a {@code download_url} of step 1 can be downloaded (WeChat: 5
 * minutes)
 */
@ConfigurationProperties("sandbox.wechatpay-bills")
public record WechatPayBillProperties(@DefaultValue("5m") Duration tokenTtl) {
}
