package io.paypipe.refund;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.PropertySource;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Refunds (a shell for now): the refund API with its guard, refund notifications from
 * {@code refund.notify} and refund queries arrive with later issues.
 */
@SpringBootApplication
@PropertySource("classpath:io/paypipe/refund/refund-defaults.properties")
@ConfigurationPropertiesScan
public class RefundApplication {

    public static void main(String[] args) {
        SpringApplication.run(RefundApplication.class, args);
    }

}
