package io.paypipe.refund.config;

import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.channel.Merchants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The merchants file, read and validated at start (an unusable one stops the start). */
@Configuration(proxyBeanMethods = false)
class MerchantsConfig {

    private static final Logger log = LoggerFactory.getLogger(MerchantsConfig.class);

    @Bean
    Merchants merchants(RefundProperties props) {
        Merchants merchants = new Merchants(MerchantsFile.read(props.merchantsFile()));
        log.info("refunds: {} merchants from {}", merchants.size(), props.merchantsFile());
        return merchants;
    }

}
