package io.paypipe.launcher;

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
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * refund-service's HTTP API as {@code ./paypipe refund} calls it: {@code POST /refunds}
 * and {@code GET /orders/{merchant}/{out_trade_no}/refunds}, signed in as the pipeline's
 * operator account (the refunds' requester).
 */
final class DemoRefundApi {

    /** An answer: the HTTP status and the JSON body. */
    record Answer(int status, JsonNode body) {
    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;

    private final OperatorCredentials account;

    DemoRefundApi(int port, OperatorCredentials account) {
        this.base = "http://127.0.0.1:" + port;
        this.account = account;
    }

    String base() {
        return base;
    }

    Answer create(String merchant, String outTradeNo, long amountMinor, String refundNo, String reason) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("merchant", merchant);
        body.put("out_trade_no", outTradeNo);
        body.put("amount", amountMinor);
        body.put("reason", reason);
        body.put("refund_no", refundNo);
        return send(HttpRequest.newBuilder(URI.create(base + "/refunds"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(body))));
    }

    Answer orderRefunds(String merchant, String outTradeNo) {
        return send(HttpRequest
            .newBuilder(URI.create(base + "/orders/" + encode(merchant) + "/" + encode(outTradeNo) + "/refunds"))
            .GET());
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(
                    request.header("Authorization", account.authorization()).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            String body = response.body();
            return new Answer(response.statusCode(),
                    body == null || body.isBlank() ? Json.MAPPER.nullNode() : Json.MAPPER.readTree(body));
        }
        catch (IOException e) {
            throw new IllegalStateException("refund-service at " + base + " did not answer", e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

}
