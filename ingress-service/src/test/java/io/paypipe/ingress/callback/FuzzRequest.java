package io.paypipe.ingress.callback;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One callback request as the fuzzer sends it: body bytes and headers in order (a name
 * may repeat).
 */
public record FuzzRequest(byte[] body, List<Map.Entry<String, String>> headers) {

    public FuzzRequest {
        body = body.clone();
        headers = List.copyOf(headers);
    }

    /**
     * From a header map such as Spring's HttpHeaders or the sandbox's signed
     * notification.
     */
    public static FuzzRequest of(byte[] body, Map<String, ? extends Iterable<String>> headers) {
        List<Map.Entry<String, String>> list = new ArrayList<>();
        headers.forEach((name, values) -> values.forEach(v -> list.add(Map.entry(name, v))));
        return new FuzzRequest(body, list);
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    /**
     * A copy with these headers set: existing ones of the same name (any case) replaced,
     * missing ones added.
     */
    public FuzzRequest withHeaders(Map<String, String> replacements) {
        List<Map.Entry<String, String>> list = new ArrayList<>();
        headers.stream()
            .filter(h -> replacements.keySet().stream().noneMatch(h.getKey()::equalsIgnoreCase))
            .forEach(list::add);
        replacements.forEach((name, value) -> list.add(Map.entry(name, value)));
        return new FuzzRequest(body, list);
    }

    /**
     * The first value of a header (any case), as a receiver that reads one value takes
     * it; null when absent.
     */
    public String firstHeader(String name) {
        return headers.stream()
            .filter(h -> h.getKey().equalsIgnoreCase(name))
            .map(Map.Entry::getValue)
            .findFirst()
            .orElse(null);
    }

    /**
     * Without the headers the JDK client refuses (restricted names, control characters):
     * what {@link #http} really sends, so that an oracle judges, and a failure file
     * records, exactly that.
     */
    public FuzzRequest sendable() {
        List<Map.Entry<String, String>> kept = headers.stream().filter(h -> {
            try {
                HttpRequest.newBuilder().header(h.getKey(), h.getValue());
                return true;
            }
            catch (IllegalArgumentException refusedByTheClient) {
                return false;
            }
        }).toList();
        return kept.size() == headers.size() ? this : new FuzzRequest(body, kept);
    }

    /**
     * The bytes the JDK client (HTTP/1.1) writes for this request to {@code path} on
     * {@code 127.0.0.1:port}: request line, its own Content-Length, Host and User-Agent,
     * then the headers grouped by name in case-insensitive order (the first spelling of a
     * name, its values in order), a blank line and the body. {@code FuzzRequestTest}
     * captures what the client really sends and compares.
     */
    public byte[] wireBytes(String path, int port) {
        Map<String, List<String>> grouped = new TreeMap<>(String.CASE_INSENSITIVE_ORDER); // keeps
                                                                                          // the
                                                                                          // first
                                                                                          // spelling
        headers.forEach(h -> grouped.computeIfAbsent(h.getKey(), k -> new ArrayList<>()).add(h.getValue()));
        StringBuilder head = new StringBuilder("POST " + path + " HTTP/1.1\r\n").append("Content-Length: ")
            .append(body.length)
            .append("\r\n")
            .append("Host: 127.0.0.1:")
            .append(port)
            .append("\r\n")
            .append("User-Agent: Java-http-client/")
            .append(System.getProperty("java.version"))
            .append("\r\n");
        grouped.forEach((name, values) -> values.forEach(v -> head.append(name).append(": ").append(v).append("\r\n")));
        head.append("\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }

    /**
     * What came back: the status, the Content-Type (empty when none) and the body as
     * text.
     */
    public record Response(int status, String contentType, String body) {
    }

    /** Sends a request somewhere and returns the response; an exception is a finding. */
    @FunctionalInterface
    public interface Endpoint {

        Response send(FuzzRequest request) throws Exception;

    }

    /**
     * POST over loopback HTTP/1.1 with the JDK client; send only {@link #sendable()}
     * requests.
     */
    public static Endpoint http(HttpClient client, URI target) {
        return request -> {
            HttpRequest.Builder builder = HttpRequest.newBuilder(target)
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.body));
            request.headers.forEach(h -> builder.header(h.getKey(), h.getValue()));
            HttpResponse<String> response = client.send(builder.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.body());
        };
    }
}
