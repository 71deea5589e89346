package io.paypipe.refund.support;

import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.support.testing.TestAccounts;
import io.paypipe.core.topic.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The refund API as a client calls it: JSON in, status and JSON out. */
public final class RefundApi {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;

    public RefundApi(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** An answer: the HTTP status and the body. */
    public record Answer(int status, JsonNode body) {

        public String text(String field) {
            return body.path(field).asString();
        }

    }

    /**
     * A request body; {@code refundNo} may be null (then generated); no requested_by: the
     * signed-in account asks.
     */
    public static Map<String, Object> request(String merchant, String outTradeNo, long amount, String refundNo) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("merchant", merchant);
        body.put("out_trade_no", outTradeNo);
        body.put("amount", amount);
        body.put("reason", "customer returned the goods");
        if (refundNo != null) {
            body.put("refund_no", refundNo);
        }
        return body;
    }

    public Answer post(Map<String, Object> body) {
        return post(body, TestAccounts.OPERATOR);
    }

    /** A refund asked for by {@code account} (null: nobody signed in). */
    public Answer post(Map<String, Object> body, OperatorCredentials account) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/refunds"));
        if (account != null) {
            request.header("Authorization", account.authorization());
        }
        return send(request.header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(body))));
    }

    public Answer postRaw(String body) {
        return send(HttpRequest.newBuilder(URI.create(base + "/refunds"))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Answer get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .GET());
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            String body = response.body();
            return new Answer(response.statusCode(),
                    body == null || body.isBlank() ? Json.MAPPER.nullNode() : Json.MAPPER.readTree(body));
        }
        catch (IOException e) {
            throw new IllegalStateException("refund API call failed", e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
