package io.paypipe.bench.product;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.OptionalDouble;

/**
 * The JIT's compilation time in the product's JVM: Micrometer's
 * {@code jvm.compilation.time} ({@value #METRIC}, the compiler threads' elapsed time,
 * summed) on ingress's {@code /actuator/prometheus}. With the local launcher every
 * service shares that JVM; with services started elsewhere it is ingress's, the one the
 * ingress-alone phase measures. The warm-up runs until it has settled (issue 15: "warm up
 * long enough that the JIT has settled").
 */
public final class JitCompilation {

    static final String METRIC = "jvm_compilation_time_ms_total";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI prometheus;

    public JitCompilation(URI ingress) {
        this.prometheus = ingress.resolve("/actuator/prometheus");
    }

    /**
     * Milliseconds compiled so far; empty when the endpoint or the metric is not there.
     */
    public OptionalDouble millis() {
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(prometheus).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? parse(response.body()) : OptionalDouble.empty();
        }
        catch (IOException e) {
            return OptionalDouble.empty();
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalDouble.empty();
        }
    }

    /** The metric's value (summed over its series) in a Prometheus text exposition. */
    static OptionalDouble parse(String exposition) {
        double sum = 0;
        boolean found = false;
        for (String line : exposition.split("\n")) {
            if (line.startsWith(METRIC + "{") || line.startsWith(METRIC + " ")) {
                sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1).trim());
                found = true;
            }
        }
        return found ? OptionalDouble.of(sum) : OptionalDouble.empty();
    }

    /**
     * The compilation time between two readings as a percentage of {@code wallMillis};
     * empty when either reading is.
     */
    public static OptionalDouble percentOf(OptionalDouble before, OptionalDouble after, long wallMillis) {
        if (before.isEmpty() || after.isEmpty() || wallMillis <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(100.0 * (after.getAsDouble() - before.getAsDouble()) / wallMillis);
    }

}
