package io.paypipe.ingress.wechatpay;

import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.ingress.config.IngressProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class WechatPayConfiguration {

    private static final Logger log = LoggerFactory.getLogger(WechatPayConfiguration.class);

    /**
     * Read once at start; a missing or invalid file stops the service rather than failing
     * every callback.
     */
    @Bean
    WechatPayMerchants wechatPayMerchants(MerchantsFile file, IngressProperties properties) {
        WechatPayMerchants merchants = WechatPayMerchants.from(file);
        log.info("wechatpay: {} merchants, {} platform keys from {}: {}", merchants.all().size(), merchants.keyCount(),
                properties.merchantsFile(), merchants.all());
        return merchants;
    }

}
