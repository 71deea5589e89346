package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The sandbox playing Stripe's Reports API: {@code stripeReportApi} runs the balance
 * reports of what {@code stripePayments} recorded in {@code settlementBook}, as
 * {@code billScenarios} says, its runs taking {@code sandbox.stripe.report-run-delay}.
 */
@Configuration(proxyBeanMethods = false)
class StripeReportsConfiguration {

    @Bean
    StripeReportApi stripeReportApi(StripePayments stripePayments, SettlementBook settlementBook,
            BillScenarios billScenarios, StripeRefundProperties properties, @Qualifier("sandboxClock") Clock clock) {
        return new StripeReportApi(stripePayments, settlementBook, billScenarios, clock, properties.reportRunDelay());
    }

}
