package io.paypipe.bench.report;

import io.paypipe.bench.backlog.BacklogCost;
import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.core.topic.Json;
import java.io.IOException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Writes {@code benchmarks.json}, {@code benchmarks-latency.png} and
 * {@code benchmarks.md} into one folder.
 */
public final class ReportWriter {

    public static final String JSON = "benchmarks.json";

    public static final String CHART = "benchmarks-latency.png";

    public static final String MARKDOWN = "benchmarks.md";

    private ReportWriter() {
    }

    /**
     * Reads reports written before a figure existed: a number it does not have reads as
     * 0, a section as empty.
     */
    private static final JsonMapper READER = Json.MAPPER.rebuild()
        .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
        .build();

    /** The report last written into {@code dir}, if there is one. */
    public static Optional<BenchReport> read(Path dir) {
        Path json = dir.resolve(JSON);
        return Files.isRegularFile(json) ? Optional.of(readFile(json)) : Optional.empty();
    }

    /** The report of one JSON file. */
    public static BenchReport readFile(Path json) {
        return READER.readValue(json.toFile(), BenchReport.class);
    }

    public static void write(BenchReport r, Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(JSON), Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(r) + "\n");
        String chart;
        if (r.capacity().isEmpty()) {
            Files.writeString(dir.resolve(MARKDOWN), markdown(r, ""));
            return;
        }
        try {
            LatencyChart.write(r, dir.resolve(CHART));
            chart = "![latency against offered load](" + CHART + ")";
        }
        catch (IOException | RuntimeException | Error e) { // e.g. a JDK without fonts:
                                                           // the figures still count
            chart = "(the chart could not be drawn on this machine: " + e + ")";
        }
        Files.writeString(dir.resolve(MARKDOWN), markdown(r, chart));
    }

    static String markdown(BenchReport r, String chart) {
        StringBuilder md = new StringBuilder();
        md.append(BenchmarksPageProse.HEADER);
        md.append("## The last run\n\n");
        md.append("Started ")
            .append(r.startedAt())
            .append(", took ")
            .append(r.tookSeconds())
            .append(" s. Effects of every phase exact: **")
            .append(r.allExact() ? "yes" : "NO: this run is a failed run")
            .append("**.\n\n");
        md.append("Machine: ");
        r.machine().forEach((k, v) -> md.append(k).append(" `").append(v).append("`; "));
        md.append("\n\nOptions given: `")
            .append(r.options().isEmpty() ? "(defaults)" : r.options().toString())
            .append("`\n\n");
        if (r.capacity().isEmpty()) {
            md.append("Only the bill reconciliation ran (`--only=bill`, no earlier report to add it to).\n\n");
            r.bill().ifPresent(b -> md.append(BillSection.markdown(b, false)));
            md.append(BenchmarksPageProse.FOOTER);
            return md.toString();
        }

        PhaseSummary capacity = r.capacity().get();
        md.append("### Headline ratios\n\n| ratio | value |\n|---|---:|\n");
        r.ratios().forEach((k, v) -> md.append("| ").append(k).append(" | ").append(v).append(" |\n"));

        md.append(
                "\n### Floors (same concurrency, same run)\n\n| floor | concurrency | ops | failures | per second | p50 ms | p99 ms | max ms | pipeline ingress / floor |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (FloorSummary f : r.floors()) {
            md.append(String.format("| %s | %d | %d | %d | %.1f | %.1f | %.1f | %.1f | %.3f |%n", f.name(),
                    f.concurrency(), f.operations(), f.failures(), f.perSecond(), f.latency().p50(), f.latency().p99(),
                    f.latency().max(), f.perSecond() == 0 ? 0 : capacity.acceptedPerSecond() / f.perSecond()));
        }
        r.stages().ifPresent(s -> md.append('\n').append(StagesSection.markdown(s)));
        md.append("\n### The pipeline\n\n").append(BenchmarksPageProse.PHASE_HEADER);
        List<StagesSummary.PipelineRepeat> repeats = r.stages().map(StagesSummary::pipeline).orElse(List.of());
        if (repeats.isEmpty()) {
            phase(md, capacity);
            r.ladder().forEach(p -> phase(md, p));
        }
        repeats.forEach(repeat -> {
            phase(md, repeat.capacity());
            repeat.ladder().forEach(p -> phase(md, p));
        });
        md.append("\n").append(chart).append("\n\n");

        md.append("### Synchronous baseline against the pipeline, same offered rate\n\n")
            .append(BenchmarksPageProse.PHASE_HEADER);
        r.comparison().forEach(p -> phase(md, p));
        md.append("\nEffects per phase (exactness check):\n\n");
        Map<String, PhaseSummary> all = new java.util.LinkedHashMap<>();
        all.put(capacity.label(), capacity);
        r.ladder().forEach(p -> all.put(p.label(), p));
        repeats.forEach(repeat -> {
            all.put(repeat.capacity().label(), repeat.capacity());
            repeat.ladder().forEach(p -> all.put(p.label(), p));
        });
        r.comparison().forEach(p -> all.put(p.label(), p));
        all.forEach((label, p) -> md.append("- ")
            .append(label)
            .append(": ")
            .append(p.exact() ? "exact " : "**NOT EXACT** ")
            .append(p.effects())
            .append("\n"));

        md.append(
                "\n### Backlog: database work per retried record\n\n| design | backlog | retried | rows examined | rows examined / retry | statements / retry | µs / retry | note |\n|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (BacklogCost.Row b : r.backlog()) {
            md.append(String.format("| %s | %d | %d | %d | %.1f | %.1f | %.1f | %s |%n", b.design(), b.backlog(),
                    b.retried(), b.rowsExamined(), b.rowsExaminedPerRetry(), b.statementsPerRetry(), b.microsPerRetry(),
                    b.note()));
        }
        md.append("\n### Resident memory at the end\n\n| pid | process | RSS MiB |\n|---:|---|---:|\n");
        for (ProcessUsage.Rss m : r.memory()) {
            md.append("| ")
                .append(m.pid())
                .append(" | ")
                .append(m.name())
                .append(" | ")
                .append(m.rssMib())
                .append(" |\n");
        }
        r.bill().ifPresent(b -> md.append("\n").append(BillSection.markdown(b, b.measuredAlone())));
        md.append(BenchmarksPageProse.PROFILE);
        md.append(BenchmarksPageProse.FOOTER);
        return md.toString();
    }

    private static void phase(StringBuilder md, PhaseSummary p) {
        md.append(String.format(
                "| %s | %s %d | %d | %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.2f%% | %s | %s | %.2f / %.2f / %.2f | %.2f | %s |%n",
                p.label(), p.mode(), p.load(), p.sent(), p.accepted(), p.acceptedPerSecond(), p.ackedOrdersPerSecond(),
                p.paidPerSecond(), p.ack().p50(), p.ack().p99(), p.ack().p999(), p.ack().max(),
                p.shareWithinBudget() * 100, p.errors().isEmpty() ? "none" : p.errors(),
                p.endToEnd().count() == 0 ? "-"
                        : String.format("%.1f / %.1f / %.1f", p.endToEnd().p50(), p.endToEnd().p99(),
                                p.endToEnd().max()),
                p.productCpuMsPerAck(), p.driverCpuMsPerAck(), p.coresBusy(), p.productCpuMsPerPaidOrder(),
                p.exact() ? "yes" : "**NO**"));
    }

}
