package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.OrderQueryProperties;
import io.paypipe.sandbox.query.QueryFaults;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * WeChat Pay's refund and order APIs: {@code wechatPayApiGate} checks the merchants'
 * signatures and signs the answers, {@code wechatPayRefundDesk} keeps the refunds of the
 * trades {@code wechatPayPayments} made and notifies their changes through
 * {@code wechatPayRefunds}, {@code wechatPayOrderDesk} answers order queries and closes.
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

    @Bean
    WechatPayOrderDesk wechatPayOrderDesk(WechatPayPayments payments, WechatPayRefundDesk refunds,
            CallbackScenarios callbacks, CloseScenarios closes, @Qualifier("sandboxClock") Clock clock) {
        return new WechatPayOrderDesk(payments, refunds, callbacks, closes, clock);
    }

    @Bean
    WechatPayAnswers wechatPayAnswers(WechatPayApiGate gate, ChannelCalls calls, QueryFaults faults,
            OrderQueryProperties properties) {
        return new WechatPayAnswers(gate, calls, faults, properties.timeoutHold());
    }

}
