package io.paypipe.reconcile;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.PropertySource;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Reconciliation: the Kafka Streams watchdog of notifications that reach no settlement
 * ({@code io.paypipe.reconcile.watch}); active queries of pending orders (Pull) and the
 * daily bill reconciliation arrive with later issues.
 */
@SpringBootApplication
@PropertySource("classpath:io/paypipe/reconcile/reconcile-defaults.properties")
@ConfigurationPropertiesScan
public class ReconcileApplication {

    public static void main(String[] args) {
        SpringApplication.run(ReconcileApplication.class, args);
    }

}
