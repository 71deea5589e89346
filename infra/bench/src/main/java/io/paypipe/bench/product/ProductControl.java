package io.paypipe.bench.product;

import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.core.topic.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * The product's {@code /ops/consumers} endpoints, as the stage cycles use them: pause and
 * resume the processor's {@code payment.notify} consumers and the reference downstream
 * consumers, signed in as an operator account (the pause's person: the bench's runs use
 * the launcher's {@code operator}) with the phase as the reason. Each call checks the
 * answer: a pause counts only when every listed container says it is paused (and there is
 * at least one), a resume only when none does; anything else stops the run, because a
 * stage measured while another one runs is not that stage's figure.
 */
public final class ProductControl {

    /** A service whose consumers the benchmark pauses. */
    public enum Consumers {

        PROCESSOR, DOWNSTREAM

    }

    /** One listener container as {@code GET /ops/consumers} lists it. */
    public record Container(String id, List<String> topics, boolean paused) {
    }

    /** The answer of every {@code /ops/consumers} call. */
    public record State(boolean paused, List<Container> containers) {

        /** Every container paused, and there is at least one. */
        boolean allPaused() {
            return paused && !containers.isEmpty() && containers.stream().allMatch(Container::paused);
        }

        boolean noneReportsPaused() {
            return !paused && containers.stream().noneMatch(Container::paused);
        }

    }

    private final URI processor;

    private final URI downstream;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final OperatorCredentials account;

    public ProductControl(URI processor, URI downstream, OperatorCredentials account) {
        this.processor = processor;
        this.downstream = downstream;
        this.account = account;
    }

    /**
     * Pauses {@code which}; returns only once the answer says every container is paused.
     */
    public State pause(Consumers which, String reason) {
        State state = post(which, "pause", reason);
        if (!state.allPaused()) {
            throw new IllegalStateException(which + " answered the pause but not every consumer is paused: " + state);
        }
        return state;
    }

    /**
     * Resumes {@code which}; returns only once the answer says no container is paused.
     */
    public State resume(Consumers which, String reason) {
        State state = post(which, "resume", reason);
        if (!state.noneReportsPaused()) {
            throw new IllegalStateException(which + " answered the resume but a consumer is still paused: " + state);
        }
        return state;
    }

    public State state(Consumers which) {
        return parse(which, send(HttpRequest.newBuilder(base(which).resolve("/ops/consumers")).GET()));
    }

    private State post(Consumers which, String action, String reason) {
        URI uri = base(which).resolve("/ops/consumers/" + action + "?reason="
                + URLEncoder.encode(reason, StandardCharsets.UTF_8).replace("+", "%20"));
        return parse(which,
                send(HttpRequest.newBuilder(uri)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.noBody())));
    }

    static State parse(Consumers which, HttpResponse<String> response) {
        if (response.statusCode() != 200) {
            throw new IllegalStateException(which + " answered " + response.statusCode() + " to "
                    + response.request().uri() + ": " + response.body());
        }
        return Json.MAPPER.readValue(response.body(), State.class);
    }

    private URI base(Consumers which) {
        return switch (which) {
            case PROCESSOR -> processor;
            case DOWNSTREAM -> downstream;
        };
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        // the pause waits up to 10 s for every container to report paused
        HttpRequest r = request.header("Authorization", account.authorization())
            .timeout(Duration.ofSeconds(30))
            .build();
        try {
            return http.send(r, HttpResponse.BodyHandlers.ofString());
        }
        catch (IOException e) {
            throw new IllegalStateException(
                    "cannot reach " + r.uri() + " (is the product running with its ops" + " endpoints?): " + e, e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
