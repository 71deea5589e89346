package io.paypipe.bench.product;

import io.paypipe.core.signin.OperatorCredentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.paypipe.bench.product.ProductControl.Consumers;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The driver's side of {@code /ops/consumers}: what it sends and which answers it
 * accepts. A small HTTP server answers as the contract of issue 15 says the product does;
 * the product's own endpoints are proven by its integration tests.
 */
class ProductControlTest {

    private static final String PAUSED = """
            {"paused":true,"containers":[{"id":"notify","topics":["payment.notify"],"paused":true},
            {"id":"notify-retry","topics":["payment.notify-retry-0"],"paused":true}]}""";

    private static final String RESUMED = """
            {"paused":false,"containers":[{"id":"notify","topics":["payment.notify"],"paused":false}]}""";

    private final List<String> requests = new CopyOnWriteArrayList<>();

    private final List<String> authorizations = new CopyOnWriteArrayList<>();

    private HttpServer server;

    private volatile int status = 200;

    private volatile String answer = PAUSED;

    private ProductControl control;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/ops/consumers", exchange -> {
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
        control = new ProductControl(base, base, new OperatorCredentials("bench-operator", "pw"));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void givenEveryContainerPaused_whenPausing_thenItSignsInWithThePhaseAsReason() {
        ProductControl.State state = control.pause(Consumers.PROCESSOR, "stage cycle 1");

        assertThat(state.containers()).hasSize(2).allMatch(ProductControl.Container::paused);
        assertThat(requests).containsExactly("POST /ops/consumers/pause?reason=stage%20cycle%201");
        assertThat(authorizations).containsExactly(new OperatorCredentials("bench-operator", "pw").authorization());
    }

    @Test
    void givenOneContainerStillRunning_whenPausing_thenTheStageIsNotMeasured() {
        answer = """
                {"paused":true,"containers":[{"id":"notify","topics":["payment.notify"],"paused":true},
                {"id":"notify-retry","topics":["payment.notify-retry-0"],"paused":false}]}""";

        assertThatThrownBy(() -> control.pause(Consumers.DOWNSTREAM, "stage cycle 1"))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("not every consumer is paused");
    }

    @Test
    void givenNoContainerAtAll_whenPausing_thenAPauseOfNothingDoesNotCount() {
        answer = "{\"paused\":true,\"containers\":[]}";

        assertThatThrownBy(() -> control.pause(Consumers.PROCESSOR, "x")).hasMessageContaining("not every consumer");
    }

    @Test
    void givenThePauseTimedOut_whenPausing_thenTheAnswerStopsTheRun() {
        status = 503;

        assertThatThrownBy(() -> control.pause(Consumers.PROCESSOR, "x")).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("503");
    }

    @Test
    void givenAContainerStillPaused_whenResuming_thenItFails_andGivenNone_thenItReturns() {
        assertThatThrownBy(() -> control.resume(Consumers.PROCESSOR, "x")).hasMessageContaining("still paused");

        answer = RESUMED;
        assertThat(control.resume(Consumers.PROCESSOR, "x").paused()).isFalse();
        assertThat(requests).last().isEqualTo("POST /ops/consumers/resume?reason=x");
    }

    @Test
    void readsTheState() {
        answer = RESUMED;

        assertThat(control.state(Consumers.DOWNSTREAM).containers()).extracting(ProductControl.Container::topics)
            .containsExactly(List.of("payment.notify"));
        assertThat(requests).containsExactly("GET /ops/consumers");
    }

}
