package io.paypipe.bench.baseline;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The downstream the article calls after the transition ({@code deliveryService.notify}):
 * an HTTP server in the same JVM that records each call by order and answers 200 after
 * the configured delay. One virtual thread per call by default, so the stub itself never
 * queues; the delay is all the cost it adds.
 */
final class DownstreamStub implements AutoCloseable {

    static final String PATH = "/deliver";

    private static final int ACCEPT_BACKLOG = 4096;

    /** The calls recorded for one run's orders. */
    record Calls(long total, long ordersCalledMoreThanOnce) {
    }

    private record OrderRef(String merchantId, String outTradeNo) {
    }

    private final Map<OrderRef, Long> calls = new ConcurrentHashMap<>();

    private final Duration delay;

    private final HttpServer server;

    private final ExecutorService executor;

    private DownstreamStub(Duration delay, int threads) throws IOException {
        this.delay = delay;
        this.executor = threads == 0 ? Executors.newVirtualThreadPerTaskExecutor()
                : Executors.newFixedThreadPool(threads, SyncBaseline.namedThreads("sync-baseline-downstream-"));
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), ACCEPT_BACKLOG);
        server.createContext(PATH, this::handle);
        server.setExecutor(executor);
        server.start();
    }

    static DownstreamStub start(Duration delay, int threads) {
        try {
            return new DownstreamStub(delay, threads);
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot start the downstream stub", e);
        }
    }

    URI uri() {
        InetSocketAddress address = server.getAddress();
        return URI.create("http://" + address.getHostString() + ":" + address.getPort() + PATH);
    }

    Calls calls(String outTradeNoPrefix) {
        long total = 0;
        long repeated = 0;
        for (Map.Entry<OrderRef, Long> call : calls.entrySet()) {
            if (call.getKey().outTradeNo().startsWith(outTradeNoPrefix)) {
                total += call.getValue();
                repeated += call.getValue() > 1 ? 1 : 0;
            }
        }
        return new Calls(total, repeated);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            // body: merchant id, a newline, out_trade_no
            String[] order = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8).split("\n",
                    2);
            if (!"POST".equals(exchange.getRequestMethod()) || order.length != 2) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            calls.merge(new OrderRef(order[0], order[1]), 1L, Long::sum);
            if (delay.isPositive()) {
                Thread.sleep(delay);
            }
            exchange.sendResponseHeaders(200, -1);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

}
