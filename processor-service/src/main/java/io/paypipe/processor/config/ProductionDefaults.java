package io.paypipe.processor.config;

import io.paypipe.processor.console.ConsoleProperties;
import io.paypipe.support.ProductionProfile;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.context.annotation.PropertySource;
import org.springframework.core.env.Environment;

/**
 * The production defaults of processor-service, {@code processor-prod.properties}, over
 * {@code processor-defaults.properties} (a {@code @PropertySource} read after the
 * application class's wins) and under the environment, when the profile {@code prod} is
 * active: the executable jar's default ({@link ProductionProfile}).
 */
@Configuration(proxyBeanMethods = false)
@Profile(ProductionProfile.NAME)
@PropertySource("classpath:io/paypipe/processor/processor-prod.properties")
class ProductionDefaults {

    /**
     * Kafka, the database come from the environment, or the start stops naming what is
     * missing.
     */
    @Bean
    static BeanFactoryPostProcessor requiredInProduction() {
        return ProductionProfile.requiredSettings(ProductionProfile.KAFKA_AND_DATABASE);
    }

    /**
     * The console, when on, needs its service account on refund-service and
     * reconcile-service, or the start stops naming it ({@link ConsoleProperties}).
     */
    @Bean
    static BeanFactoryPostProcessor consoleAccountInProduction() {
        return (beanFactory) -> ConsoleProperties.requireAccount(beanFactory.getBean(Environment.class));
    }

}
