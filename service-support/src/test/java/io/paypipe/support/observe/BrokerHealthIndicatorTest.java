package io.paypipe.support.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * The {@code broker} indicator: UP with the cluster, DOWN saying why, within its timeout.
 */
class BrokerHealthIndicatorTest {

    @Test
    void givenAClusterThatAnswers_whenAsked_thenUpWithItsIdAndSize() {
        var indicator = new BrokerHealthIndicator(timeout -> new BrokerHealthIndicator.Cluster("c-1", 3),
                Duration.ofSeconds(1));

        Health health = indicator.health();

        assertThat(health.getStatus()).isEqualTo(Status.UP);
        assertThat(health.getDetails()).containsEntry("clusterId", "c-1").containsEntry("brokers", 3);
    }

    @Test
    void givenAClusterThatTimesOut_whenAsked_thenDownSayingSo() {
        var indicator = new BrokerHealthIndicator(timeout -> {
            throw new TimeoutException("the broker did not answer within " + timeout.toMillis() + " ms");
        }, Duration.ofMillis(300));

        Health health = indicator.health();

        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
        assertThat((String) health.getDetails().get("problem")).contains("did not answer within 300 ms");
    }

    @Test
    void givenNoBrokerListening_whenTheRealAdminAsks_thenDownWithinAboutItsTimeout() {
        // Given an admin client whose bootstrap address has nothing listening
        try (OpsAdmin admin = new OpsAdmin(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:1"))) {
            var indicator = new BrokerHealthIndicator(admin, Duration.ofMillis(800));

            // When asked
            long start = System.nanoTime();
            Health health = indicator.health();

            // Then DOWN, and the check did not hang
            assertThat(health.getStatus()).isEqualTo(Status.DOWN);
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
            assertThat((String) health.getDetails().get("problem")).startsWith("the Kafka cluster did not answer");
        }
    }

}
