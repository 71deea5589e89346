package io.paypipe.sandbox.bill;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

    private static final Logger log = LoggerFactory.getLogger(BillSandboxConfiguration.class);

    /**
     * In memory, or kept in {@code sandbox.bills.settlements-file} when set (closed with
     * the context).
     */
    @Bean
    SettlementBook settlementBook(BillSandboxProperties properties) {
        return properties.settlementsFileIfSet().map(file -> {
            SettlementBook book = SettlementBook.persistedIn(file);
            log.info("sandbox bills: {} settlements read from {}, each new one appended", book.size(), file);
            return book;
        }).orElseGet(SettlementBook::new);
    }

    @Bean
    BillScenarios billScenarios(BillSandboxProperties properties) {
        BillScenarios scenarios = new BillScenarios();
        scenarios.billCurrentDay(properties.currentDayBilled());
        return scenarios;
    }

}
