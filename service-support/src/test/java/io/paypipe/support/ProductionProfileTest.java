package io.paypipe.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.support.ProductionProfile.Required;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.mock.env.MockEnvironment;

class ProductionProfileTest {

    private static final Required MERCHANTS = new Required("ingress.merchants-file", "PAYMENT_MERCHANTS_FILE");

    /**
     * The prod properties as they give the required settings: each its variable's
     * placeholder.
     */
    private static MockEnvironment prodProperties() {
        return new MockEnvironment().withProperty("spring.kafka.bootstrap-servers", "${SPRING_KAFKA_BOOTSTRAP_SERVERS}")
            .withProperty("spring.datasource.url", "${SPRING_DATASOURCE_URL}")
            .withProperty("spring.datasource.username", "${SPRING_DATASOURCE_USERNAME}")
            .withProperty("spring.datasource.password", "${SPRING_DATASOURCE_PASSWORD}")
            .withProperty("ingress.merchants-file", "${PAYMENT_MERCHANTS_FILE}");
    }

    private static DefaultListableBeanFactory with(MockEnvironment environment) {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("environment", environment);
        return beans;
    }

    @Test
    void givenTwoVariablesUnset_whenTheServiceStarts_thenItStopsNamingBothWithTheirSettings() {
        // Given everything but the database URL and the merchants file
        MockEnvironment environment = prodProperties().withProperty("SPRING_KAFKA_BOOTSTRAP_SERVERS", "k:9092")
            .withProperty("SPRING_DATASOURCE_USERNAME", "paypipe")
            .withProperty("SPRING_DATASOURCE_PASSWORD", "secret");

        // When the check runs
        // Then it stops the start naming both
        assertThatThrownBy(() -> ProductionProfile.requiredSettings(ProductionProfile.KAFKA_AND_DATABASE, MERCHANTS)
            .postProcessBeanFactory(with(environment))).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining(
                    "not set: SPRING_DATASOURCE_URL (spring.datasource.url), PAYMENT_MERCHANTS_FILE (ingress.merchants-file).");
    }

    @Test
    void givenEverySettingAndAnEmptyPassword_whenTheServiceStarts_thenTheCheckPasses() {
        // Given every variable, the password empty (a URL may carry the credentials)
        MockEnvironment environment = prodProperties().withProperty("SPRING_KAFKA_BOOTSTRAP_SERVERS", "k:9092")
            .withProperty("SPRING_DATASOURCE_URL", "jdbc:mysql://db/paypipe")
            .withProperty("SPRING_DATASOURCE_USERNAME", "paypipe")
            .withProperty("SPRING_DATASOURCE_PASSWORD", "")
            .withProperty("PAYMENT_MERCHANTS_FILE", "/etc/paypipe/merchants.yaml");

        // When the check runs, then it passes
        assertThatCode(() -> ProductionProfile.requiredSettings(ProductionProfile.KAFKA_AND_DATABASE, MERCHANTS)
            .postProcessBeanFactory(with(environment))).doesNotThrowAnyException();
    }

    @Test
    void givenABlankUrl_whenTheServiceStarts_thenItIsMissing() {
        // Given a URL set to blanks
        MockEnvironment environment = prodProperties().withProperty("SPRING_KAFKA_BOOTSTRAP_SERVERS", "k:9092")
            .withProperty("SPRING_DATASOURCE_URL", " ")
            .withProperty("SPRING_DATASOURCE_USERNAME", "paypipe")
            .withProperty("SPRING_DATASOURCE_PASSWORD", "secret");

        // When the check runs, then the URL is named missing
        assertThatThrownBy(() -> ProductionProfile.requiredSettings(ProductionProfile.KAFKA_AND_DATABASE)
            .postProcessBeanFactory(with(environment))).hasMessageContaining("not set: SPRING_DATASOURCE_URL");
    }

    @Test
    void givenTheExecutableJarsApplication_whenBuilt_thenProdIsItsDefaultProfile() {
        // When a service's application is built as its main builds it
        var application = ProductionProfile.application(Object.class);

        // Then prod is the default profile, which spring.profiles.active replaces
        assertThat(application).extracting("defaultProperties")
            .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
            .containsEntry("spring.profiles.default", "prod");
    }

    @Test
    void givenPaypipeLogFormat_onlyJsonSwitchesToBootsStructuredLogstashConsole() {
        assertThat(ProductionProfile.logFormat("json"))
            .containsExactlyEntriesOf(java.util.Map.of("logging.structured.format.console", "logstash"));
        assertThat(ProductionProfile.logFormat(null)).isEmpty();
        assertThat(ProductionProfile.logFormat("plain")).isEmpty();
    }

}
