package io.paypipe.ingress.alipay;

import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.ingress.config.IngressProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class AlipayConfiguration {

    private static final Logger log = LoggerFactory.getLogger(AlipayConfiguration.class);

    /**
     * Read once at start; an invalid Alipay entry stops the service rather than failing
     * every callback.
     */
    @Bean
    AlipayApps alipayApps(MerchantsFile file, IngressProperties properties) {
        AlipayApps apps = AlipayApps.from(file);
        log.info("alipay: {} apps from {}: {}", apps.all().size(), properties.merchantsFile(), apps.all());
        return apps;
    }

}
