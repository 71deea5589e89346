package io.paypipe.bench.bill;

import io.paypipe.core.topic.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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

    ReconClient(URI base) {
        this.base = base;
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
     * Heap used and committed of reconcile-service's JVM in MiB; empty when not exposed.
     */
    Optional<Heap> heap() {
        return heapMib("jvm.memory.used").flatMap(used -> heapMib("jvm.memory.committed").map(c -> new Heap(used, c)));
    }

    record Heap(long usedMib, long committedMib) {
    }

    private Optional<Long> heapMib(String metric) {
        try {
            HttpResponse<String> response = send(
                    HttpRequest.newBuilder(base.resolve("/actuator/metrics/" + metric + "?tag=area:heap"))
                        .timeout(Duration.ofSeconds(2))
                        .GET()
                        .build());
            if (response.statusCode() != 200) {
                return Optional.empty();
            }
            JsonNode value = Json.MAPPER.readTree(response.body()).path("measurements").path(0).path("value");
            return value.isNumber() ? Optional.of((long) (value.asDouble() / (1024 * 1024))) : Optional.empty();
        }
        catch (IllegalStateException e) {
            return Optional.empty();
        }
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
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
