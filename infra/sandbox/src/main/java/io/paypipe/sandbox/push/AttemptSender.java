package io.paypipe.sandbox.push;

import io.paypipe.sandbox.push.NotificationPusher.Attempt;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One HTTP attempt: POST of the body with the headers, within the per-attempt timeout;
 * the answer, or why none came, as an {@link Attempt} judged by the channel's success
 * ack.
 */
final class AttemptSender implements AutoCloseable {

    private final HttpClient http;

    private final Duration requestTimeout;

    private final DeliveryRules.SuccessAck successAck;

    AttemptSender(Duration requestTimeout, DeliveryRules.SuccessAck successAck) {
        this.requestTimeout = requestTimeout;
        this.successAck = successAck;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(requestTimeout).build();
    }

    /**
     * Completes with attempt {@code number}, made {@code at}, once the answer came or did
     * not.
     */
    CompletableFuture<Attempt> send(Pushable sent, URI target, int number, Instant at) {
        HttpRequest.Builder request = HttpRequest.newBuilder(target)
            .timeout(requestTimeout)
            .POST(HttpRequest.BodyPublishers.ofByteArray(sent.body()));
        sent.headers().forEach(request::header);
        try {
            return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString())
                .handle((response, error) -> attempt(number, at, response, error));
        }
        catch (RuntimeException e) {
            return CompletableFuture.completedFuture(attempt(number, at, null, e));
        }
    }

    private Attempt attempt(int number, Instant at, HttpResponse<String> response, Throwable error) {
        if (response != null) {
            return new Attempt(number, at, response.statusCode(), null, abbreviate(response.body()),
                    successAck.isSuccess(response.statusCode(), response.body()));
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return new Attempt(number, at, 0, describe(cause), null, false);
    }

    /**
     * {@code ConnectException: Connection refused}: the class and the first message along
     * the cause chain.
     */
    private static String describe(Throwable error) {
        String message = null;
        for (Throwable t = error; t != null && message == null; t = t.getCause()) {
            message = t.getMessage();
        }
        return error.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static String abbreviate(String body) {
        if (body == null || body.isEmpty()) {
            return null;
        }
        return body.length() <= 200 ? body : body.substring(0, 200) + "...";
    }

    @Override
    public void close() {
        http.shutdownNow();
    }

}
