package io.paypipe.support.observe;

import java.time.Duration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * {@code broker}: the Kafka cluster answers a describe-cluster within a short timeout (UP
 * with the cluster id and the number of brokers), or DOWN saying what failed, e.g. "the
 * broker did not answer within 2000 ms". Part of the overall health, not of liveness (a
 * broker outage must not restart the service) nor of readiness.
 */
public final class BrokerHealthIndicator implements HealthIndicator {

    /** What the indicator asks the cluster. */
    @FunctionalInterface
    public interface ClusterProbe {

        /** The cluster's id and size; throws when it does not answer in time. */
        Cluster describe(Duration timeout) throws Exception;

    }

    /** The cluster's id and its number of brokers. */
    public record Cluster(String clusterId, int brokers) {
    }

    private final ClusterProbe probe;

    private final Duration timeout;

    public BrokerHealthIndicator(ClusterProbe probe, Duration timeout) {
        this.probe = probe;
        this.timeout = timeout;
    }

    @Override
    public Health health() {
        try {
            Cluster cluster = probe.describe(timeout);
            return Health.up()
                .withDetail("clusterId", cluster.clusterId())
                .withDetail("brokers", cluster.brokers())
                .build();
        }
        catch (Exception ex) {
            return Health.down()
                .withDetail("problem", "the Kafka cluster did not answer: " + describe(ex))
                .withDetail("timeout", timeout.toMillis() + " ms")
                .build();
        }
    }

    static String describe(Exception ex) {
        return ex.getMessage() == null ? ex.getClass().getSimpleName()
                : ex.getClass().getSimpleName() + ": " + ex.getMessage();
    }

}
