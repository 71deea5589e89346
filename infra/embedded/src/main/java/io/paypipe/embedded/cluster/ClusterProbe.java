package io.paypipe.embedded.cluster;

import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Node;

/**
 * Asks the cluster which brokers it lists (registered and unfenced), remembering why the
 * last question found no answer.
 */
final class ClusterProbe implements AutoCloseable {

    private final String bootstrapServers;

    private Admin admin;

    private String lastFailure = "not asked yet";

    ClusterProbe(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /**
     * Created on the first question, not before: an admin client connects at once, and
     * would log a warning per node and retry while the nodes are still starting.
     */
    private Admin admin() {
        if (admin != null) {
            return admin;
        }
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "paypipe-cluster-probe");
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "3000");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "5000");
        p.put(AdminClientConfig.RECONNECT_BACKOFF_MS_CONFIG, "100");
        p.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "500");
        admin = Admin.create(p);
        return admin;
    }

    /** The ids of the brokers the cluster lists now; empty when it does not answer. */
    Set<Integer> brokers() {
        try {
            return admin().describeCluster(new DescribeClusterOptions().timeoutMs(5000))
                .nodes()
                .get(6, TimeUnit.SECONDS)
                .stream()
                .map(Node::id)
                .collect(Collectors.toSet());
        }
        catch (ExecutionException e) {
            lastFailure = "last answer: " + e.getCause();
        }
        catch (TimeoutException e) {
            lastFailure = "last answer: none within 6 s";
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while asking the Kafka cluster for its brokers", e);
        }
        return Set.of();
    }

    String lastFailure() {
        return lastFailure;
    }

    @Override
    public void close() {
        if (admin != null) {
            admin.close();
        }
    }

}
