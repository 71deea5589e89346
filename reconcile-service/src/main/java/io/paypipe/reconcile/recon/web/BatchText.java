package io.paypipe.reconcile.recon.web;

import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.batch.RunProgress.Progress;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A batch as text ({@code GET /recon/batches/{id}} with {@code Accept: text/plain}, what
 * {@code ./paypipe recon} prints): one progress line while it runs, the result when it is
 * finished (status, rows, the summary, the reasons of a blocked one, the differences by
 * category).
 */
final class BatchText {

    private BatchText() {
    }

    static String render(Batch b, Map<String, Long> openByCategory, Optional<Progress> progress) {
        if (b.status() == BatchStatus.RUNNING) {
            return "batch " + b.id() + " RUNNING  " + progress.map(BatchText::progress)
                .orElse("since " + b.startedAt() + " (not on this instance: no progress figures)") + "\n";
        }
        StringBuilder text = new StringBuilder();
        text.append("batch ")
            .append(b.id())
            .append(" (")
            .append(b.channel().code())
            .append(' ')
            .append(b.merchantId())
            .append(' ')
            .append(b.day())
            .append(' ')
            .append(b.kind().code())
            .append(" run ")
            .append(b.runNo())
            .append(", ")
            .append(b.source())
            .append("): ")
            .append(b.status())
            .append('\n');
        line(text, "rows read", b.rowsRead() + "  (" + b.payments() + " payments, " + b.refunds() + " refunds, "
                + b.fees() + " fees; " + b.billBytes() + " bytes)");
        line(text, "summary",
                b.summaryLines()
                    .map((lines) -> lines + " lines" + b.summaryPaidMinor().map((p) -> ", paid " + p).orElse("")
                            + b.summaryRefundedMinor().map((r) -> ", refunded " + r).orElse("")
                            + b.currency().map((c) -> " " + c + " (minor units)").orElse(""))
                    .orElse("none"));
        b.reasonLines().forEach((reason) -> line(text, "reason", reason));
        if (b.status() != BatchStatus.BLOCKED) {
            line(text, "compared",
                    b.compared() + ", open differences " + b.diffsOpen() + ", resolved " + b.diffsResolved());
        }
        if (!openByCategory.isEmpty()) {
            line(text, "open by category",
                    openByCategory.entrySet()
                        .stream()
                        .map((e) -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", ")));
        }
        b.confirmedBy().ifPresent((by) -> line(text, "drop confirmed by", by));
        return text.toString();
    }

    private static String progress(Progress p) {
        return switch (p.phase()) {
            case QUEUED -> "queued (waiting for a runner thread)";
            case READING -> "reading: " + p.rowsRead() + " rows read, " + p.rowsPerSecond() + " rows/s, "
                    + megabytes(p.bytesRead()) + p.length().map((l) -> " of " + megabytes(l)).orElse("") + " MB"
                    + p.secondsLeft().map((s) -> ", about " + s + " s left").orElse("");
            case COMPARING -> "comparing " + p.rowsRead() + " lines with the ledger and refunds (read at "
                    + p.rowsPerSecond() + " rows/s)";
        };
    }

    private static String megabytes(long bytes) {
        return (bytes / 1_000_000) + "." + (bytes % 1_000_000) / 100_000;
    }

    private static void line(StringBuilder text, String name, String value) {
        text.append("  ").append(String.format("%-18s", name)).append(value).append('\n');
    }

}
