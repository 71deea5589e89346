package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * WeChat Pay's trade bills: {@code wechatPayTradeBills} builds each bill from the
 * {@code settlementBook} and the armed {@code billScenarios}, {@code wechatPayBillTokens}
 * keeps the download URLs handed out.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WechatPayBillProperties.class)
class WechatPayBillConfiguration {

    @Bean
    TradeBills wechatPayTradeBills(SettlementBook settlementBook, BillScenarios billScenarios,
            @Qualifier("sandboxClock") Clock clock) {
        return new TradeBills(settlementBook, billScenarios, clock);
    }

    @Bean
    BillTokens wechatPayBillTokens(WechatPayBillProperties properties, @Qualifier("sandboxClock") Clock clock) {
        return new BillTokens(properties.tokenTtl(), clock);
    }

}
