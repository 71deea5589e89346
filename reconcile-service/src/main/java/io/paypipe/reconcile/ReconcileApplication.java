package io.paypipe.reconcile;

import io.paypipe.support.EnableServiceSupport;
import io.paypipe.support.ProductionProfile;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.PropertySource;

/**
 * Reconciliation: the active query of pending orders at their channels (Pull,
 * {@code io.paypipe.reconcile.query}), the Kafka Streams watchdog of notifications that
 * reach no settlement ({@code watch}), the raw tables as an outbox ({@code outbox}), the
 * morning numbers ({@code status}) and the daily bill reconciliation ({@code recon},
 * reading bills with {@code bill}). Its Kafka templates, retry topics, alerts and
 * dead-letter recorder come from service-support ({@link EnableServiceSupport}). Its
 * executable jar runs with the profile {@code prod} by default
 * ({@link ProductionProfile}, {@code config.ProductionDefaults}).
 */
@SpringBootApplication
@EnableServiceSupport
@PropertySource("classpath:io/paypipe/reconcile/reconcile-defaults.properties")
@ConfigurationPropertiesScan
public class ReconcileApplication {

    public static void main(String[] args) {
        ProductionProfile.application(ReconcileApplication.class).run(args);
    }

}
