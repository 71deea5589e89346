package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * WeChat Pay's refund API: {@code wechatPayApiGate} checks the merchants' signatures and
 * signs the answers, {@code wechatPayRefundDesk} keeps the refunds of the trades
 * {@code wechatPayPayments} made and notifies their changes through
 * {@code wechatPayRefunds}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WechatPayRefundApiProperties.class)
class WechatPayRefundApiConfiguration {

    @Bean
    WechatPayApiGate wechatPayApiGate(SandboxMerchants merchants, @Qualifier("sandboxClock") Clock clock) {
        return new WechatPayApiGate(merchants, clock);
    }

    @Bean(destroyMethod = "close")
    WechatPayRefundDesk wechatPayRefundDesk(WechatPayPayments payments, WechatPayRefunds refunds,
            WechatPayRefundApiProperties properties, @Qualifier("sandboxClock") Clock clock) {
        return new WechatPayRefundDesk(payments.trades(), refunds, properties.scenario(), properties.settleAfter(),
                clock);
    }

}
