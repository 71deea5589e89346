package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code --only=sandbox}: the sandbox starts alone, without a database or a broker,
 * writes the merchants file the services read, and answers on its port.
 */
class SandboxOnlyIntegrationTest {

    @TempDir
    Path var;

    @Test
    void givenNoInfraWhenTheSandboxStartsAloneThenItWritesTheMerchantsFileAndServesItsMerchants() throws Exception {
        Path merchants = LocalLauncher.sandboxMerchantsFile(var);
        Map<PipelineService, Integer> ports = new EnumMap<>(PipelineService.class);
        for (PipelineService s : PipelineService.values()) {
            ports.put(s, s.defaultPort());
        }
        ports.put(PipelineService.SANDBOX, 0);
        LocalPipeline.Settings settings = SandboxOnly.settings(null, merchants).withPorts(ports);

        try (ConfigurableApplicationContext sandbox = SandboxOnly.start(settings, false)) {
            int port = Integer.parseInt(sandbox.getEnvironment().getProperty("local.server.port"));
            HttpResponse<String> listed = HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/sandbox/merchants")).build(),
                        HttpResponse.BodyHandlers.ofString());

            assertThat(Files.isRegularFile(merchants)).isTrue();
            assertThat(Files.size(merchants)).isPositive();
            assertThat(listed.statusCode()).isEqualTo(200);
            assertThat(listed.body()).contains("\"merchantId\"");
            assertThat(sandbox.getBeansOfType(DataSource.class)).isEmpty();
        }
    }

}
