package io.paypipe.ingress.callback;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** One callback request as the fuzzer sends it: body bytes and headers in order (a name may repeat). */
public record FuzzRequest(byte[] body, List<Map.Entry<String, String>> headers) {

    public FuzzRequest {
        body = body.clone();
        headers = List.copyOf(headers);
    }

    /** From a header map such as Spring's HttpHeaders or the sandbox's signed notification. */
    public static FuzzRequest of(byte[] body, Map<String, ? extends Iterable<String>> headers) {
        List<Map.Entry<String, String>> list = new ArrayList<>();
        headers.forEach((name, values) -> values.forEach(v -> list.add(Map.entry(name, v))));
        return new FuzzRequest(body, list);
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    /** A copy with these headers set: existing ones of the same name (any case) replaced, missing ones added. */
    public FuzzRequest withHeaders(Map<String, String> replacements) {
        List<Map.Entry<String, String>> list = new ArrayList<>();
        headers.stream().filter(h -> replacements.keySet().stream().noneMatch(h.getKey()::equalsIgnoreCase)).forEach(list::add);
        replacements.forEach((name, value) -> list.add(Map.entry(name, value)));
        return new FuzzRequest(body, list);
    }

    public boolean sameBody(FuzzRequest other) {
        return Arrays.equals(body, other.body);
    }

    /** What came back: the status, the Content-Type (empty when none) and the body as text. */
    public record Response(int status, String contentType, String body) {
    }

    /** Sends a request somewhere and returns the response; an exception is a finding. */
    @FunctionalInterface
    public interface Endpoint {
        Response send(FuzzRequest request) throws Exception;
    }

    /** POST over loopback HTTP/1.1 with the JDK client; a header the client refuses is left out. */
    public static Endpoint http(HttpClient client, URI target) {
        return request -> {
            HttpRequest.Builder builder = HttpRequest.newBuilder(target).timeout(Duration.ofSeconds(10))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(request.body));
            for (Map.Entry<String, String> h : request.headers) {
                try {
                    builder.header(h.getKey(), h.getValue());
                } catch (IllegalArgumentException refusedByTheClient) {
                    // e.g. a value with a control character: no HTTP client could send it
                }
            }
            HttpResponse<String> response = client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.body());
        };
    }
}
