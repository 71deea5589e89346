package io.paypipe.ingress.stripe;

import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.ingress.config.IngressProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class StripeConfiguration {

    private static final Logger log = LoggerFactory.getLogger(StripeConfiguration.class);

    /**
     * Read once at start; a missing or invalid file stops the service rather than failing
     * every callback.
     */
    @Bean
    StripeMerchants stripeMerchants(MerchantsFile file, IngressProperties properties) {
        StripeMerchants merchants = StripeMerchants.from(file);
        log.info("stripe: {} accounts from {}: {}", merchants.all().size(), properties.merchantsFile(),
                merchants.all());
        return merchants;
    }

}
