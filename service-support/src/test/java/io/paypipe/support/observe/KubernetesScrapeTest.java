package io.paypipe.support.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Prometheus can scrape every service deployed from {@code deploy/kubernetes}: each
 * Deployment's pods carry {@code prometheus.io/scrape}, {@code prometheus.io/port} and
 * {@code prometheus.io/path}, the port being the container's {@code management} port and
 * the management port the service's {@code prod} profile sets; the NetworkPolicies let
 * Prometheus's namespace reach those ports; and the Prometheus Operator's PodMonitor
 * selects every one of those pods on that port and path.
 */
class KubernetesScrapeTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static final Path KUBERNETES = ROOT.resolve("deploy/kubernetes");

    private static final String PATH = "/actuator/prometheus";

    private static final String MONITORING_NAMESPACE = "monitoring";

    @Test
    void givenEveryDeployment_whenItsPodTemplateIsRead_thenItIsAnnotatedForScrapingOnTheProdManagementPort()
            throws IOException {
        List<JsonNode> deployments = documents("Deployment");

        assertThat(deployments).extracting(d -> d.path("metadata").path("name").asString())
            .containsExactlyInAnyOrder("ingress-service", "processor-service", "reconcile-service", "refund-service");
        for (JsonNode deployment : deployments) {
            String name = deployment.path("metadata").path("name").asString();
            JsonNode annotations = deployment.path("spec").path("template").path("metadata").path("annotations");
            assertThat(annotations.path("prometheus.io/scrape").asString()).as(name).isEqualTo("true");
            assertThat(annotations.path("prometheus.io/path").asString()).as(name).isEqualTo(PATH);
            int managementPort = managementContainerPort(deployment);
            assertThat(annotations.path("prometheus.io/port").asString()).as(name)
                .isEqualTo(String.valueOf(managementPort));
            assertThat(managementPort).as("%s: the prod profile's management.server.port", name)
                .isEqualTo(prodManagementPort(name));
        }
    }

    @Test
    void givenTheNetworkPolicies_whenRead_thenPrometheussNamespaceReachesEveryManagementPort() throws IOException {
        List<Integer> admitted = new ArrayList<>();
        for (JsonNode policy : documents("NetworkPolicy")) {
            for (JsonNode rule : policy.path("spec").path("ingress")) {
                boolean fromMonitoring = rule.path("from")
                    .valueStream()
                    .anyMatch(peer -> MONITORING_NAMESPACE.equals(peer.path("namespaceSelector")
                        .path("matchLabels")
                        .path("kubernetes.io/metadata.name")
                        .asString()));
                if (fromMonitoring) {
                    rule.path("ports").forEach(p -> admitted.add(p.path("port").asInt()));
                }
            }
        }

        List<Integer> managementPorts = documents("Deployment").stream()
            .map(KubernetesScrapeTest::managementContainerPort)
            .toList();
        assertThat(admitted).containsExactlyInAnyOrderElementsOf(managementPorts);
    }

    @Test
    void givenThePodMonitor_whenRead_thenItSelectsEveryDeploymentsPodsOnTheManagementPort() throws IOException {
        JsonNode monitor = new YAMLMapper()
            .readTree(ROOT.resolve("deploy/prometheus/paypipe-podmonitor.yaml").toFile());

        assertThat(monitor.path("kind").asString()).isEqualTo("PodMonitor");
        JsonNode endpoint = monitor.path("spec").path("podMetricsEndpoints").path(0);
        assertThat(endpoint.path("port").asString()).isEqualTo("management");
        assertThat(endpoint.path("path").asString()).isEqualTo(PATH);
        JsonNode selector = monitor.path("spec").path("selector").path("matchLabels");
        assertThat(selector.size()).isPositive();
        for (JsonNode deployment : documents("Deployment")) {
            JsonNode labels = deployment.path("spec").path("template").path("metadata").path("labels");
            selector.propertyStream()
                .forEach(label -> assertThat(labels.path(label.getKey()).asString())
                    .as("%s: label %s", deployment.path("metadata").path("name").asString(), label.getKey())
                    .isEqualTo(label.getValue().asString()));
        }
    }

    private static int managementContainerPort(JsonNode deployment) {
        return deployment.path("spec")
            .path("template")
            .path("spec")
            .path("containers")
            .path(0)
            .path("ports")
            .valueStream()
            .filter(p -> p.path("name").asString().equals("management"))
            .mapToInt(p -> p.path("containerPort").asInt())
            .findFirst()
            .orElseThrow(
                    () -> new AssertionError(deployment.path("metadata").path("name") + " has no management port"));
    }

    /**
     * {@code management.server.port} of {@code <x>-service}'s
     * {@code <x>-prod.properties}.
     */
    private static int prodManagementPort(String deployment) throws IOException {
        String service = deployment.replace("-service", "");
        Path file = ROOT
            .resolve(deployment + "/src/main/resources/io/paypipe/" + service + "/" + service + "-prod.properties");
        Properties props = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            props.load(reader);
        }
        return Integer.parseInt(props.getProperty("management.server.port"));
    }

    private static List<JsonNode> documents(String kind) throws IOException {
        List<JsonNode> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(KUBERNETES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                try (var docs = new YAMLMapper().readerFor(JsonNode.class).<JsonNode>readValues(file.toFile())) {
                    docs.forEachRemaining(d -> {
                        if (kind.equals(d.path("kind").asString())) {
                            found.add(d);
                        }
                    });
                }
            }
        }
        return found;
    }

}
