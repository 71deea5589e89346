package io.paypipe.processor;

import io.paypipe.support.EnableServiceSupport;
import io.paypipe.support.ProductionProfile;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.PropertySource;

/**
 * Consumes {@code order.created} and {@code payment.notify}; applies each payment
 * notification to its order in one database transaction and publishes {@code order.paid}
 * / {@code order.closed} after commit. Its Kafka templates, retry topics, alerts and
 * dead-letter recorder come from service-support ({@link EnableServiceSupport}). Its
 * executable jar runs with the profile {@code prod} by default
 * ({@link ProductionProfile}, {@code config.ProductionDefaults}).
 */
@SpringBootApplication
@EnableServiceSupport
@PropertySource("classpath:io/paypipe/processor/processor-defaults.properties")
@ConfigurationPropertiesScan
public class ProcessorApplication {

    public static void main(String[] args) {
        ProductionProfile.application(ProcessorApplication.class).run(args);
    }

}
