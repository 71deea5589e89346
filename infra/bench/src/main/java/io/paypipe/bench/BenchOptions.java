package io.paypipe.bench;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The driver's options: {@code --name=value}, each with a default; the broker and the
 * database come from {@code SPRING_KAFKA_BOOTSTRAP_SERVERS} / {@code SPRING_DATASOURCE_*}
 * (which {@code ./paypipe run} writes to {@code var/connection.env}) unless given.
 *
 * @param onlyBill {@code --only=bill}: the bill reconciliation phase alone, its section
 * put into the report of the last run in {@code out}
 * @param billLines lines of the generated WeChat bill (0: no bill phase)
 * @param billDay the bill's day: a past one, so the sandbox serves it; the quick run has
 * its own, so that a quick run's smaller bill never meets a ledger seeded for a bigger
 * one
 * @param processor processor-service, whose {@code /ops/consumers} pause and resume its
 * {@code payment.notify} consumers for the stage cycles
 * @param downstream the reference downstream consumers, paused and resumed the same way
 * @param stageOrders orders of each measured stage cycle (ingress alone, processor drain,
 * downstream drain)
 * @param warmupOrders orders of the first stage cycle before them, not reported (the JIT;
 * {@link JitWarmUp} adds cycles of {@code stageOrders} until it has settled)
 * @param repeats how many times each stage cycle and the whole pipeline's capacity and
 * ladder run; the report gives the median and the spread
 * @param productArgs {@code --product-arg=SERVICE:key=value} (repeatable): the settings
 * the script started the product with, recorded in the report
 */
record BenchOptions(URI ingress, URI sandbox, String kafka, String jdbcUrl, String dbUser, String dbPassword,
        Path merchantsFile, int concurrency, Duration duration, int orders, int duplicatePercent,
        List<Integer> ladderPercent, Duration step, List<Integer> comparePercent, List<Integer> delaysMs,
        List<Integer> backlogs, int dueRecords, Path out, URI reconcile, boolean onlyBill, long billLines,
        LocalDate billDay, URI processor, URI downstream, int stageOrders, int warmupOrders, int repeats,
        List<String> productArgs, Map<String, String> asGiven) {

    /** The one option that may be given more than once. */
    static final String PRODUCT_ARG = "product-arg";

    static BenchOptions parse(String[] args, Map<String, String> env) {
        Map<String, String> given = new LinkedHashMap<>();
        List<String> productArgs = new java.util.ArrayList<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("options are --name=value, not '" + arg + "'");
            }
            String name = arg.substring(2, arg.indexOf('='));
            String value = arg.substring(arg.indexOf('=') + 1);
            if (name.equals(PRODUCT_ARG)) {
                if (!value.matches("[a-z-]+:[^=]+=.*")) {
                    throw new IllegalArgumentException("--product-arg is SERVICE:key=value, not '" + value + "'");
                }
                productArgs.add(value);
                given.merge(name, value, (a, b) -> a + " " + b);
                continue;
            }
            given.put(name, value);
        }
        boolean quick = "true".equals(given.get("quick"));
        Options o = new Options(given);
        BenchOptions options = new BenchOptions(URI.create(o.text("ingress", "http://127.0.0.1:8081")),
                URI.create(o.text("sandbox", "http://127.0.0.1:8090")),
                o.text("kafka", env.getOrDefault("SPRING_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092")),
                o.text("jdbc", env.getOrDefault("SPRING_DATASOURCE_URL", "jdbc:mysql://127.0.0.1:3306/paypipe")),
                o.text("db-user", env.getOrDefault("SPRING_DATASOURCE_USERNAME", "root")),
                o.text("db-password", env.getOrDefault("SPRING_DATASOURCE_PASSWORD", "")),
                // the sandbox's own merchants file (the keys the baseline verifies with),
                // never
                // PAYMENT_MERCHANTS_FILE
                Path.of(o.text("merchants-file",
                        env.getOrDefault("PAYPIPE_SANDBOX_MERCHANTS_FILE", "var/sandbox/merchants.yaml"))),
                o.integer("concurrency", 32), Duration.ofSeconds(o.integer("duration", quick ? 5 : 30)),
                o.integer("orders", quick ? 2_000 : 20_000), o.integer("duplicates", 10),
                o.list("ladder", quick ? "50,75,100" : "25,50,75,100,125"),
                Duration.ofSeconds(o.integer("step", quick ? 5 : 20)), o.list("compare", quick ? "50" : "50,90"),
                o.list("delays", "0,200,800"), o.list("backlogs", quick ? "0,2000" : "0,10000,100000"),
                o.integer("due", quick ? 200 : 1_000),
                Path.of(o.text("out", quick ? "infra/bench/target/bench" : "docs")),
                URI.create(o.text("reconcile", env.getOrDefault("PAYPIPE_RECONCILE_URL", "http://127.0.0.1:8083"))),
                only(o.text("only", "all")), Long.parseLong(o.text("bill-lines", quick ? "100000" : "1000000")),
                LocalDate.parse(o.text("bill-day", quick ? "2020-02-03" : "2020-01-06")),
                URI.create(o.text("processor", env.getOrDefault("PAYPIPE_PROCESSOR_URL", "http://127.0.0.1:8082"))),
                URI.create(o.text("downstream", "http://127.0.0.1:8085")),
                o.positive("stage-orders", quick ? 5_000 : 50_000),
                o.positive("warmup-orders", quick ? 5_000 : 100_000), o.positive("repeats", quick ? 1 : 3),
                List.copyOf(productArgs), java.util.Collections.unmodifiableMap(given));
        if (!o.unused().isEmpty()) {
            throw new IllegalArgumentException("unknown options: " + o.unused());
        }
        return options;
    }

    private static boolean only(String phases) {
        return switch (phases) {
            case "all" -> false;
            case "bill" -> true;
            default -> throw new IllegalArgumentException("--only is all or bill, not '" + phases + "'");
        };
    }

    /** The command line as given, for the report. */
    String command() {
        StringBuilder c = new StringBuilder("./paypipe bench");
        asGiven.forEach((k, v) -> {
            if (!k.equals(PRODUCT_ARG)) {
                c.append(" --").append(k).append('=').append(v);
            }
        });
        productArgs.forEach(a -> c.append(" --").append(PRODUCT_ARG).append('=').append(a));
        return c.toString();
    }

    /**
     * Reads options and remembers which were used, so a misspelt one is an error, not a
     * silent default.
     */
    private static final class Options {

        private final Map<String, String> given;

        private final java.util.Set<String> used = new java.util.HashSet<>(List.of("quick", PRODUCT_ARG));

        Options(Map<String, String> given) {
            this.given = given;
        }

        String text(String name, String fallback) {
            used.add(name);
            return given.getOrDefault(name, fallback);
        }

        int integer(String name, int fallback) {
            return Integer.parseInt(text(name, Integer.toString(fallback)));
        }

        int positive(String name, int fallback) {
            int value = integer(name, fallback);
            if (value < 1) {
                throw new IllegalArgumentException("--" + name + " must be at least 1, not " + value);
            }
            return value;
        }

        List<Integer> list(String name, String fallback) {
            return Arrays.stream(text(name, fallback).split(",")).map(String::trim).map(Integer::parseInt).toList();
        }

        List<String> unused() {
            return given.keySet().stream().filter(k -> !used.contains(k)).toList();
        }

    }
}
