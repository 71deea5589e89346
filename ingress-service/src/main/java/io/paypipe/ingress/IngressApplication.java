package io.paypipe.ingress;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.PropertySource;

/**
 * Receives channel notifications, stores each once and hands it to Kafka before
 * acknowledging.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
@PropertySource("classpath:io/paypipe/ingress/ingress-defaults.properties")
public class IngressApplication {

    public static void main(String[] args) {
        SpringApplication.run(IngressApplication.class, args);
    }

}
