package io.paypipe.launcher;

import io.paypipe.core.id.Channel;
import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.core.topic.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * reconcile-service's bill reconciliation API as {@code ./paypipe recon} calls it:
 * {@code POST /recon/runs}, {@code GET /recon/batches/{id}} and
 * {@code GET /recon/diffs?batchId=}, signed in as the pipeline's operator account.
 */
final class ReconcileApi {

    /**
     * An answer: the HTTP status and the body, JSON when it is (a 400's line is text).
     */
    record Answer(int status, JsonNode body, String text) {

        boolean accepted() {
            return status == 202;
        }

    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;

    private final OperatorCredentials account;

    ReconcileApi(int port, OperatorCredentials account) {
        this.base = "http://127.0.0.1:" + port;
        this.account = account;
    }

    String base() {
        return base;
    }

    /** Starts the reconciliation of the channel's bill of {@code merchantId}'s day. */
    Answer startRun(Channel channel, String merchantId, LocalDate day, String kind) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("channel", channel.code());
        body.put("merchantId", merchantId);
        body.put("day", day.toString());
        body.put("kind", kind);
        return send(HttpRequest.newBuilder(URI.create(base + "/recon/runs"))
            .header("Content-Type", "application/json")
            .header("Accept", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(body))));
    }

    Answer batch(long batchId) {
        return send(HttpRequest.newBuilder(URI.create(base + "/recon/batches/" + batchId))
            .header("Accept", "application/json")
            .GET());
    }

    /** The differences whose last finder is the batch, every handle status. */
    Answer diffs(long batchId) {
        return send(HttpRequest.newBuilder(URI.create(base + "/recon/diffs?batchId=" + batchId))
            .header("Accept", "application/json")
            .GET());
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(
                    request.header("Authorization", account.authorization()).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            String body = response.body() == null ? "" : response.body();
            boolean json = response.headers()
                .firstValue("Content-Type")
                .filter(type -> type.startsWith("application/json"))
                .isPresent();
            return new Answer(response.statusCode(),
                    json && !body.isBlank() ? Json.MAPPER.readTree(body) : Json.MAPPER.nullNode(), body.strip());
        }
        catch (IOException e) {
            throw new IllegalStateException("reconcile-service at " + base + " did not answer", e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
