package io.paypipe.sandbox.push;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;

/**
 * A stand-in for the merchant's notify endpoints, for tests that run the sandbox without
 * ingress: it acknowledges every notification the channel's way (Alipay's {@code success}
 * under a path containing {@code alipay}, otherwise an empty 200, which WeChat and Stripe
 * take) and keeps each one, so a test can read what the sandbox pushed. Point
 * {@code sandbox.notify-base-url} at {@link #baseUrl()}.
 */
public final class NoticeRecorder implements AutoCloseable {

    /**
     * One notification received: the path it went to, its headers (first values) and
     * body.
     */
    public record Notice(String path, Map<String, String> headers, String body) {
    }

    private final HttpServer server;

    private final ConcurrentLinkedQueue<Notice> notices = new ConcurrentLinkedQueue<>();

    private NoticeRecorder(HttpServer server) {
        this.server = server;
    }

    /** Listens on a free loopback port. */
    public static NoticeRecorder start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            NoticeRecorder recorder = new NoticeRecorder(server);
            server.createContext("/", exchange -> {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
                exchange.getRequestHeaders().forEach((k, v) -> headers.put(k, v.getFirst()));
                String path = exchange.getRequestURI().getPath();
                recorder.notices.add(new Notice(path, headers, body));
                byte[] answer = (path.contains("alipay") ? "success" : "").getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, answer.length == 0 ? -1 : answer.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer);
                }
            });
            server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
            server.start();
            return recorder;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The notifications received on {@code path} whose body contains {@code text}. */
    public List<Notice> notices(String path, String text) {
        return notices.stream().filter(n -> n.path().equals(path) && n.body().contains(text)).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }

}
