package io.paypipe.ingress;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.testing.ProductionClasspath;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What ingress's executable jar packs (its runtime dependencies, as the build listed
 * them): the product, nothing of the sandbox, the launcher or the embedded
 * infrastructure, no other service.
 */
class ProductionClasspathTest {

    @Test
    void givenTheRuntimeDependenciesTheBuildListed_whenRead_thenTheyHoldTheProductAndNothingThatStandsAroundIt() {
        // Given what the executable jar packs
        List<String> artifacts = ProductionClasspath.artifacts(ProductionClasspath.RUNTIME_DEPENDENCIES);

        // Then the product is there
        assertThat(artifacts).contains("io.paypipe:paypipe-core", "io.paypipe:service-support",
                "org.springframework.boot:spring-boot", "com.mysql:mysql-connector-j");
        // and nothing of the sandbox, the launcher, the embedded broker and database, nor
        // another service
        assertThat(artifacts).doesNotContainAnyElementsOf(ProductionClasspath.NOT_IN_PRODUCTION)
            .doesNotContain("io.paypipe:processor-service", "io.paypipe:refund-service",
                    "io.paypipe:reconcile-service");
    }

}
