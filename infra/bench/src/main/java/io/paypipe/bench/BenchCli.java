package io.paypipe.bench;

import io.paypipe.bench.report.BenchReport;
import io.paypipe.bench.report.ReportWriter;

/**
 * {@code ./paypipe bench}: the benchmark driver. Runs against services that are running
 * already (the local launcher or external ones), prints a progress line a second, and
 * writes docs/benchmarks.md, its JSON and its chart. Exit code 1 when the effects of any
 * phase were not exact or the bill's batch was not clean: a fast run with wrong results
 * is a failed run.
 */
public final class BenchCli {

    private BenchCli() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("--render")) {
            // re-renders the markdown and the chart of a run from its JSON, e.g. after a
            // change of the report's text
            java.nio.file.Path json = java.nio.file.Path.of(args[1]);
            BenchReport report = ReportWriter.readFile(json);
            ReportWriter.write(report, json.toAbsolutePath().getParent());
            return;
        }
        BenchOptions options = BenchOptions.parse(args, System.getenv());
        BenchReport report = new Benchmark(options, System.out).run();
        ReportWriter.write(report, options.out());
        System.out.printf("bench: wrote %s, %s and %s in %s%n", ReportWriter.MARKDOWN, ReportWriter.JSON,
                ReportWriter.CHART, options.out().toAbsolutePath());
        report.ratios().forEach((k, v) -> System.out.printf("bench:   %-60s %s%n", k, v));
        report.stages()
            .ifPresent(s -> s.figures()
                .forEach(f -> System.out.printf("bench:   %-60s median %s (%s - %s)%s%n", f.stage() + ", " + f.unit(),
                        f.measured().median(), f.measured().min(), f.measured().max(),
                        f.target()
                            .map(t -> ", target " + t.text() + ": ratio " + f.ratio() + (f.met() ? "" : " MISSED"))
                            .orElse(""))));
        report.bill()
            .ifPresent(b -> System.out.printf("bench:   bill reconciliation, %d lines: %s, %.0f rows/s end to end%s%n",
                    b.lines(), b.status(), b.timing().rowsPerSecond(), b.clean() ? "" : " (A FAILED FIGURE)"));
        System.out.println(
                report.allExact() ? "bench: effects exact in every phase" : "bench: EFFECTS NOT EXACT: failed run");
        System.exit(report.allExact() ? 0 : 1);
    }

}
