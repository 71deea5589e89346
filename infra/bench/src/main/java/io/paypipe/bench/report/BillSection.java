package io.paypipe.bench.report;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The bill reconciliation's section of docs/benchmarks.md: the outcome first (a batch
 * that is not CLEAN with every line compared is a failed figure, said in bold), then the
 * figures, then the memory of each process.
 */
final class BillSection {

    private BillSection() {
    }

    /**
     * @param measuredApart the section comes from another run than the rest of the page
     * ({@code --only=bill})
     */
    static String markdown(BillSummary b, boolean measuredApart) {
        StringBuilder md = new StringBuilder();
        md.append("### Bill reconciliation: a generated WeChat bill of ").append(b.lines()).append(" lines\n\n");
        md.append("Measured ").append(b.startedAt());
        if (measuredApart) {
            md.append(" on its own, after the run above (whose sections it leaves as they were)");
        }
        md.append(" with `")
            .append(b.command())
            .append("`; load average at its start `")
            .append(b.loadAverageAtStart())
            .append("`, at its end `")
            .append(b.loadAverageAtEnd())
            .append("`.");
        if (measuredApart) {
            md.append(" Machine: ");
            b.machine().forEach((k, v) -> md.append(k).append(" `").append(v).append("`; "));
        }
        md.append("\n\n");
        md.append(outcome(b)).append("\n\n");
        if (b.failure().isPresent()) {
            return md.toString();
        }
        BillSummary.Timing t = b.timing();
        md.append("| | |\n|---|---:|\n");
        row(md, "channel, merchant, day (batch)", b.channel() + " " + b.merchantId() + " " + b.day() + " ("
                + b.batchId().map(String::valueOf).orElse("-") + ")");
        row(md, "lines read / compared", b.rowsRead() + " / " + b.compared());
        row(md, "bill bytes downloaded (gzip)", Long.toString(b.billBytes()));
        row(md, "wall time, `POST /recon/runs` to the batch's end", seconds(t.wallMillis()));
        row(md, "**rows/s end to end**", String.format("**%.0f**", t.rowsPerSecond()));
        row(md, "reading: API call, download, parse, INSERT into `recon_bill_line`",
                seconds(t.readMillis()) + " at " + t.readRowsPerSecond() + " rows/s (" + t.readFrom() + ")");
        row(md, "guards and comparison with the ledger (wall time minus reading)", seconds(t.compareMillis()));
        row(md, "the batch row's `started_at` → `finished_at`", t.batchStartedAt().orElse("-") + " → "
                + t.batchFinishedAt().orElse("-") + between(t.batchStartedAt(), t.batchFinishedAt()));
        row(md, "CPU of the product's processes during the batch",
                seconds(t.productCpuMillis()) + ", " + t.coresBusy() + " cores busy");
        BillSummary.Memory m = b.memory();
        row(md, "heap used of reconcile-service's JVM: before / highest poll (committed, highest)",
                mib(m.heapUsedBeforeMib()) + " / " + mib(m.heapUsedPeakMib()) + " (" + mib(m.heapCommittedPeakMib())
                        + ")");
        row(md, "its old generation used: before / highest poll",
                mib(m.oldGenUsedBeforeMib()) + " / " + mib(m.oldGenUsedPeakMib()));
        row(md, "ledger seeding (not in the figure)", seeding(b.seeding()));
        md.append("\n| process | RSS before MiB | RSS highest poll MiB | RSS after MiB | highest - before MiB |\n")
            .append("|---|---:|---:|---:|---:|\n");
        for (BillSummary.ProcessRss p : m.processes()) {
            md.append(String.format("| %s (%d) | %d | %d | %d | %d |%n", p.name(), p.pid(), p.beforeMib(), p.peakMib(),
                    p.afterMib(), p.peakMib() - p.beforeMib()));
        }
        md.append("\nPolled ").append(t.pollMillis()).append(" ms after the previous poll's answers: ");
        md.append(b.samples().size()).append(" readings (time, phase, rows read, memory) in the JSON.\n");
        return md.toString();
    }

    private static String outcome(BillSummary b) {
        if (b.failure().isPresent()) {
            return "**FAILED FIGURE: the phase did not measure**: " + b.failure().get();
        }
        if (b.clean()) {
            return "**" + b.status() + "**: every line read and compared, no open difference.";
        }
        return "**FAILED FIGURE: the batch ended " + b.status() + ", not CLEAN with every line compared**"
                + (b.reasons().isEmpty() ? "" : "; reasons: " + String.join("; ", b.reasons()))
                + (b.openByCategory().isEmpty() ? "" : "; open differences " + b.openByCategory())
                + ". Its speed is not a reconciliation speed.";
    }

    /**
     * The batch's own length, from its row's times (as precise as the column keeps them).
     */
    private static String between(Optional<String> from, Optional<String> to) {
        try {
            return from
                .flatMap(f -> to
                    .map(t -> " (" + seconds(Duration.between(Instant.parse(f), Instant.parse(t)).toMillis()) + ")"))
                .orElse("");
        }
        catch (DateTimeParseException e) {
            return "";
        }
    }

    private static String seeding(BillSummary.Seeding s) {
        if (s.inserted() == 0) {
            return "already there (" + s.ledgerRowsBefore() + " payments), checked in " + seconds(s.millis());
        }
        return s.inserted() + " payments inserted in " + seconds(s.millis()) + " (" + s.ledgerRowsBefore()
                + " there before)";
    }

    private static void row(StringBuilder md, String name, String value) {
        md.append("| ").append(name).append(" | ").append(value).append(" |\n");
    }

    private static String seconds(long millis) {
        return String.format("%.1f s", millis / 1000.0);
    }

    private static String mib(Optional<Long> value) {
        return value.map(v -> v + " MiB").orElse("not exposed");
    }

}
