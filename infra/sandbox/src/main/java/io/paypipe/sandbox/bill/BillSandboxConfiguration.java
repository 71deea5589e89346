package io.paypipe.sandbox.bill;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the channels' bills share: the record of every settlement ({@code settlementBook})
 * and the armed bill scenarios ({@code billScenarios}). Tests running the sandbox
 * in-process fetch them by type.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(BillSandboxProperties.class)
class BillSandboxConfiguration {

    @Bean
    SettlementBook settlementBook() {
        return new SettlementBook();
    }

    @Bean
    BillScenarios billScenarios(BillSandboxProperties properties) {
        BillScenarios scenarios = new BillScenarios();
        scenarios.billCurrentDay(properties.currentDayBilled());
        return scenarios;
    }

}
