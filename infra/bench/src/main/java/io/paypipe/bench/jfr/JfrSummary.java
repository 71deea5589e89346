package io.paypipe.bench.jfr;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where the CPU went in a Java Flight Recorder recording of the product: the execution
 * samples ({@code jdk.ExecutionSample}, threads running Java code; waiting threads are
 * not sampled) grouped by the kind of thread that ran them and, inside each group, by the
 * library that owned the sample. A sample belongs to the top-most frame of a known
 * library, so the JDK's own frames (crypto, collections, I/O) count for the library that
 * called them: an RSA verification inside the WeChat SDK counts as the SDK.
 * <p>
 * Written with the JDK's own {@code jdk.jfr.consumer} API; {@code jfr print} and
 * {@code jfr view} show single methods, not these groups. Usage (prints a markdown
 * table): {@code java -cp infra/bench/target/paypipe-bench-0.1.0-SNAPSHOT.jar
 * -Dloader.main=io.paypipe.bench.jfr.JfrSummary
 * org.springframework.boot.loader.launch.PropertiesLauncher recording.jfr}
 */
public final class JfrSummary {

    /** Thread groups, by the thread's name; the first match wins. */
    static final Map<String, List<String>> THREADS = groups(
            // ingress serves on virtual threads (Tomcat names them tomcat-handler-N)
            "ingress request threads", List.of("tomcat-handler-", "http-nio-8081"), "sandbox (the channels)",
            List.of("http-nio-8090", "ForkJoinPool.commonPool"), "processor consumers", List.of("processor-"),
            "downstream consumers", List.of("warehouse", "points"), "reconcile-service",
            List.of("reconcile-", "paypipe-reconcile"), "refund-service", List.of("refund-"), "Kafka producer I/O",
            List.of("kafka-producer-network-thread"), "Kafka consumer heartbeats",
            List.of("kafka-coordinator-heartbeat-thread"), "Kafka broker",
            List.of("data-plane-kafka", "group-coordinator", "executor-", "kafka-", "quorum-", "ExpirationReaper",
                    "broker-", "controller-", "raft-", "transaction-", "LogDirFailureHandler"),
            "logging", List.of("AsyncAppender", "logback"));

    /** Libraries, by the frame's class name prefix; the first match wins. */
    static final Map<String, List<String>> LIBRARIES = groups("JDBC client (Connector/J, Hikari)",
            List.of("com.mysql.", "com.zaxxer.hikari."), "WeChat Pay SDK", List.of("com.wechat.pay."), "Alipay SDK",
            List.of("com.alipay."), "Stripe SDK", List.of("com.stripe."), "Micrometer", List.of("io.micrometer."),
            "Spring Kafka", List.of("org.springframework.kafka."), "Spring JDBC / transactions",
            List.of("org.springframework.jdbc.", "org.springframework.transaction."), "Spring MVC / web",
            List.of("org.springframework.web.", "org.springframework.http."), "Tomcat",
            List.of("org.apache.tomcat.", "org.apache.catalina.", "org.apache.coyote."), "Kafka Streams",
            List.of("org.apache.kafka.streams."), "Kafka client",
            List.of("org.apache.kafka.clients.", "org.apache.kafka.common."), "Kafka broker",
            List.of("kafka.", "org.apache.kafka."), "Jackson", List.of("com.fasterxml.jackson."), "logging",
            List.of("ch.qos.logback.", "org.slf4j."), "sandbox code (io.paypipe.sandbox)",
            List.of("io.paypipe.sandbox."), "our code (io.paypipe)", List.of("io.paypipe."), "Spring (other)",
            List.of("org.springframework."));

    static final String OTHER = "other (JDK only, unknown)";

    private JfrSummary() {
    }

    /** Samples per thread group and library: group -> library -> count. */
    public static Map<String, Map<String, Long>> read(Path recording) throws IOException {
        Map<String, Map<String, Long>> counts = new TreeMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!event.getEventType().getName().equals("jdk.ExecutionSample")) {
                    continue;
                }
                RecordedThread thread = event.getThread("sampledThread");
                String group = match(THREADS, (thread == null) ? "" : String.valueOf(thread.getJavaName()));
                counts.computeIfAbsent(group, g -> new TreeMap<>())
                    .merge(library(event.getStackTrace()), 1L, Long::sum);
            }
        }
        return counts;
    }

    static String library(RecordedStackTrace stack) {
        if (stack == null) {
            return OTHER;
        }
        for (RecordedFrame frame : stack.getFrames()) {
            if (!frame.isJavaFrame() || frame.getMethod() == null) {
                continue;
            }
            String owner = match(LIBRARIES, frame.getMethod().getType().getName());
            if (!owner.equals(OTHER)) {
                return owner;
            }
        }
        return OTHER;
    }

    static String match(Map<String, List<String>> groups, String name) {
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            for (String prefix : g.getValue()) {
                if (name.startsWith(prefix)) {
                    return g.getKey();
                }
            }
        }
        return OTHER;
    }

    /**
     * A markdown table: each thread group's share of all samples, then its libraries'
     * shares of the group's samples (those under {@code minPercent} summed as "rest").
     */
    public static String markdown(Map<String, Map<String, Long>> counts, double minPercent) {
        long all = counts.values().stream().flatMap(m -> m.values().stream()).mapToLong(Long::longValue).sum();
        if (all == 0) {
            throw new IllegalArgumentException("the recording has no execution samples: nothing to summarise");
        }
        StringBuilder md = new StringBuilder(
                "| threads | share of all samples | where (share of the group's samples) |\n" + "|---|---:|---|\n");
        counts.entrySet()
            .stream()
            .sorted((a, b) -> Long.compare(total(b.getValue()), total(a.getValue())))
            .forEach(g -> {
                long n = total(g.getValue());
                StringBuilder where = new StringBuilder();
                long rest = 0;
                for (Map.Entry<String, Long> lib : g.getValue()
                    .entrySet()
                    .stream()
                    .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                    .toList()) {
                    double share = 100.0 * lib.getValue() / n;
                    if (share < minPercent) {
                        rest += lib.getValue();
                        continue;
                    }
                    where.append(where.isEmpty() ? "" : ", ").append(String.format("%s %.0f %%", lib.getKey(), share));
                }
                if (rest > 0) {
                    where.append(String.format(", rest %.0f %%", 100.0 * rest / n));
                }
                md.append(String.format("| %s | %.1f %% (%d) | %s |%n", g.getKey(), 100.0 * n / all, n, where));
            });
        return md.append(String.format("%n%d execution samples in all.%n", all)).toString();
    }

    private static long total(Map<String, Long> m) {
        return m.values().stream().mapToLong(Long::longValue).sum();
    }

    private static Map<String, List<String>> groups(Object... nameThenPrefixes) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int i = 0; i < nameThenPrefixes.length; i += 2) {
            @SuppressWarnings("unchecked")
            List<String> prefixes = (List<String>) nameThenPrefixes[i + 1];
            m.put((String) nameThenPrefixes[i], prefixes);
        }
        return m;
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: JfrSummary RECORDING.jfr [MIN_PERCENT [GROUP_LEFT_OUT...]]");
            System.exit(2);
        }
        double min = (args.length > 1) ? Double.parseDouble(args[1]) : 3.0;
        Map<String, Map<String, Long>> counts = read(Path.of(args[0]));
        // further arguments: thread groups left out, e.g. "sandbox (the channels)" when
        // the sandbox ran inside the product's JVM
        for (int i = 2; i < args.length; i++) {
            counts.remove(args[i]);
        }
        System.out.print(markdown(counts, min));
    }

}
