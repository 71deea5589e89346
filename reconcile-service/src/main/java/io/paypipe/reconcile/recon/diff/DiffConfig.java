package io.paypipe.reconcile.recon.diff;

import io.paypipe.reconcile.config.ReconcileProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The comparison's settings from {@code reconcile.bill.*}: the fee rates per channel and
 * merchant and the fee tolerance.
 */
@Configuration(proxyBeanMethods = false)
class DiffConfig {

    @Bean
    FeeRates diffFeeRates(ReconcileProperties props) {
        return FeeRates.of(props.bill());
    }

}
