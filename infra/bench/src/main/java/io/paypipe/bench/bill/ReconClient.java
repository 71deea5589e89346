package io.paypipe.bench.bill;

import io.paypipe.core.topic.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * reconcile-service's HTTP API as the benchmark uses it: start a run of a merchant's day
 * ({@code POST /recon/runs}), read its batch ({@code GET /recon/batches/{id}}), and the
 * heap of its JVM ({@code GET /actuator/metrics/jvm.memory.*?tag=area:heap}, when
 * exposed).
 */
final class ReconClient {

    private final URI base;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Optional<String> oldGenId = Optional.empty();

    private final io.paypipe.core.signin.OperatorCredentials account;

    /** {@code account}: the operator sign-in of every call (a run is an action). */
    ReconClient(URI base, io.paypipe.core.signin.OperatorCredentials account) {
        this.base = base;
        this.account = account;
    }

    /**
     * Starts a RERUN of the WeChat bill of {@code merchantId}'s {@code day}: the batch
     * id.
     */
    long start(String merchantId, LocalDate day) {
        String body = Json.MAPPER.writeValueAsString(
                Map.of("channel", "wechatpay", "merchantId", merchantId, "day", day.toString(), "kind", "RERUN"));
        HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve("/recon/runs"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build());
        if (response.statusCode() != 202) {
            throw new IllegalStateException(
                    "reconcile-service answered " + response.statusCode() + " to POST /recon/runs: " + response.body());
        }
        return Json.MAPPER.readTree(response.body()).path("batchId").asLong();
    }

    BatchState batch(long id) {
        HttpResponse<String> response = send(HttpRequest.newBuilder(base.resolve("/recon/batches/" + id))
            .header("Accept", "application/json")
            .GET()
            .build());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    "reconcile-service answered " + response.statusCode() + " to GET /recon/batches/" + id);
        }
        return BatchState.parse(response.body());
    }

    /**
     * Heap used and committed of reconcile-service's JVM in MiB, and the old generation's
     * used part (what outlived the young collections: a bill held in memory would pile up
     * there); empty when not exposed.
     */
    Optional<Heap> heap() {
        return mib("jvm.memory.used", "area:heap").flatMap(used -> mib("jvm.memory.committed", "area:heap")
            .map(c -> new Heap(used, c, oldGen().flatMap(id -> mib("jvm.memory.used", "id:" + id)))));
    }

    /**
     * @param oldGenUsedMib empty when the collector's pools are not known
     */
    record Heap(long usedMib, long committedMib, Optional<Long> oldGenUsedMib) {
    }

    /** The old generation's pool name ("G1 Old Gen", "Tenured Gen", ...), asked once. */
    private Optional<String> oldGen() {
        if (oldGenId.isEmpty()) {
            oldGenId = metric("jvm.memory.used", "area:heap").flatMap(ReconClient::oldGenOf);
        }
        return oldGenId;
    }

    private static Optional<String> oldGenOf(JsonNode metric) {
        for (JsonNode tag : metric.path("availableTags")) {
            if (tag.path("tag").asString().equals("id")) {
                for (JsonNode value : tag.path("values")) {
                    String id = value.asString();
                    if (id.contains("Old") || id.contains("Tenured")) {
                        return Optional.of(id);
                    }
                }
            }
        }
        return Optional.empty();
    }

    private Optional<Long> mib(String metric, String tag) {
        return metric(metric, tag).map(m -> m.path("measurements").path(0).path("value"))
            .filter(JsonNode::isNumber)
            .map(v -> (long) (v.asDouble() / (1024 * 1024)));
    }

    private Optional<JsonNode> metric(String metric, String tag) {
        try {
            HttpResponse<String> response = send(HttpRequest
                .newBuilder(base.resolve("/actuator/metrics/" + metric + "?tag="
                        + URLEncoder.encode(tag, StandardCharsets.UTF_8).replace("+", "%20")))
                .timeout(Duration.ofSeconds(2))
                .GET()
                .build());
            return (response.statusCode() == 200) ? Optional.of(Json.MAPPER.readTree(response.body()))
                    : Optional.empty();
        }
        catch (IllegalStateException e) {
            return Optional.empty();
        }
    }

    private HttpResponse<String> send(HttpRequest request) {
        HttpRequest signedIn = HttpRequest.newBuilder(request, (name, value) -> true)
            .header("Authorization", account.authorization())
            .build();
        try {
            return http.send(signedIn, HttpResponse.BodyHandlers.ofString());
        }
        catch (IOException e) {
            throw new IllegalStateException("cannot reach reconcile-service at " + request.uri() + ": " + e, e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
