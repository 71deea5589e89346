package io.paypipe.support.observe;

import java.time.Duration;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The health every service reports beyond Boot's {@code db}: {@code broker}
 * ({@link BrokerHealthIndicator}), {@code catalogueTopics}
 * ({@link CatalogueTopicsHealthIndicator}) and {@code schemaVersion}
 * ({@link SchemaVersionHealthIndicator}); the last two make up readiness with Boot's
 * {@code readinessState} (the {@code management.endpoint.health.group.readiness.include}
 * of each service's defaults). Imported by
 * {@link io.paypipe.support.ServiceSupportConfiguration} and by ingress.
 */
@Configuration(proxyBeanMethods = false)
public class ObservabilityConfiguration {

    /** How long a health check waits for the broker. */
    static final Duration BROKER_TIMEOUT = Duration.ofSeconds(2);

    @Bean(destroyMethod = "close")
    OpsAdmin opsAdmin(KafkaProperties kafka) {
        return new OpsAdmin(kafka.buildAdminProperties());
    }

    @Bean
    BrokerHealthIndicator brokerHealthIndicator(OpsAdmin admin) {
        return new BrokerHealthIndicator(admin, BROKER_TIMEOUT);
    }

    @Bean
    CatalogueTopicsHealthIndicator catalogueTopicsHealthIndicator(OpsAdmin admin) {
        return new CatalogueTopicsHealthIndicator(admin, BROKER_TIMEOUT);
    }

    @Bean
    SchemaVersionHealthIndicator schemaVersionHealthIndicator(ObjectProvider<Flyway> flyway,
            ObjectProvider<DataSource> dataSource) {
        // with spring.flyway.enabled=false there is no Flyway bean: read the same
        // migrations against the same database
        return new SchemaVersionHealthIndicator(() -> flyway.getIfAvailable(() -> Flyway.configure()
            .dataSource(dataSource.getObject())
            .locations("classpath:db/migration")
            .load()));
    }

}
