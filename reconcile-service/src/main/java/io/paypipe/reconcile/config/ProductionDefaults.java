package io.paypipe.reconcile.config;

import io.paypipe.support.ProductionProfile;
import io.paypipe.support.ProductionProfile.Required;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.context.annotation.PropertySource;

/**
 * The production defaults of reconcile-service, {@code reconcile-prod.properties}, over
 * {@code reconcile-defaults.properties} (a {@code @PropertySource} read after the
 * application class's wins) and under the environment, when the profile {@code prod} is
 * active: the executable jar's default ({@link ProductionProfile}).
 */
@Configuration(proxyBeanMethods = false)
@Profile(ProductionProfile.NAME)
@PropertySource("classpath:io/paypipe/reconcile/reconcile-prod.properties")
class ProductionDefaults {

    /**
     * Kafka, the database and the merchants file come from the environment, or the start
     * stops naming what is missing.
     */
    @Bean
    static BeanFactoryPostProcessor requiredInProduction() {
        return ProductionProfile.requiredSettings(ProductionProfile.KAFKA_AND_DATABASE,
                new Required("reconcile.merchants-file", "PAYMENT_MERCHANTS_FILE"));
    }

}
