package io.paypipe.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.embedded.TestInfra;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/** The service starts against a real broker and database and reports itself healthy. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReconcileApplicationIntegrationTest {

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void infra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("reconcile.watch.state-dir", () -> Path.of("target", "streams-" + UUID.randomUUID()));
    }

    @Test
    void startsAndReportsHealthy() {
        String health = RestClient.create("http://127.0.0.1:" + port)
            .get()
            .uri("/actuator/health")
            .retrieve()
            .body(String.class);

        assertThat(health).contains("\"status\":\"UP\"");
    }

}
