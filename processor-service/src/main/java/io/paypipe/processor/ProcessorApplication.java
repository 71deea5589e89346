package io.paypipe.processor;

import io.paypipe.support.EnableServiceSupport;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.PropertySource;

/**
 * Consumes {@code order.created} and {@code payment.notify}; applies each payment
 * notification to its order in one database transaction and publishes {@code order.paid}
 * / {@code order.closed} after commit. Its Kafka templates, retry topics, alerts and
 * dead-letter recorder come from service-support ({@link EnableServiceSupport}).
 */
@SpringBootApplication
@EnableServiceSupport
@PropertySource("classpath:io/paypipe/processor/processor-defaults.properties")
@ConfigurationPropertiesScan
public class ProcessorApplication {

    public static void main(String[] args) {
        SpringApplication.run(ProcessorApplication.class, args);
    }

}
