package io.paypipe.refund.channel.wechatpay;

import io.paypipe.refund.config.RefundProperties;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The WeChat Pay {@link io.paypipe.refund.channel.ChannelRefunds}: at
 * {@code refund.wechatpay.base-url}, each call bounded by
 * {@code refund.channel-call-timeout}.
 */
@Configuration(proxyBeanMethods = false)
class WechatPayRefundsConfiguration {

    @Bean(destroyMethod = "close")
    WechatPayRefunds wechatPayRefunds(WechatPayRefundsProperties properties, RefundProperties refund) {
        return new WechatPayRefunds(properties.baseUrl(), refund.channelCallTimeout(), Clock.systemUTC());
    }

}
