package io.paypipe.launcher;

import io.paypipe.reconcile.recon.diff.Category;
import java.io.PrintStream;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the demo's reconciliation came to: per bill (channel, merchant, day the demo paid
 * on) the batch reconcile-service ran and its result. {@code complete} when there was a
 * bill to reconcile and every batch is CLEAN: the bill passed every guard and equals the
 * ledger and the refunds, not one open difference.
 */
public record DemoReconciliationResult(List<Bill> bills, Duration took) {

    /** Statuses of a bill that has no finished batch. */
    static final String NOT_STARTED = "NOT_STARTED";

    static final String RUNNING = "RUNNING";

    /**
     * One bill's batch.
     *
     * @param batchId 0 when reconcile-service did not start one
     * @param status the batch's status (CLEAN, EMPTY_DAY, DIFFS, BLOCKED, RUNNING when it
     * did not end in time), or NOT_STARTED
     * @param reasons why it was blocked (one {@code GUARD: detail} each), or why it did
     * not start
     * @param compared the bill's lines compared with the ledger and refunds
     * @param diffsOpen differences the batch left open
     * @param openByCategory its open differences by category, as they stand now
     */
    public record Bill(String channel, String merchant, LocalDate day, long batchId, String status,
            List<String> reasons, long rowsRead, long payments, long refunds, long fees, long compared, long diffsOpen,
            Map<String, Long> openByCategory) {

        public boolean clean() {
            return status.equals("CLEAN") && diffsOpen == 0 && openByCategory.values().stream().allMatch(n -> n == 0);
        }

        /** What the guards said of the bill. */
        public String guards() {
            return switch (status) {
                case "CLEAN", "DIFFS" -> "clean (every guard passed)";
                case "EMPTY_DAY" -> "empty day (the summary says no trade)";
                case "BLOCKED" -> "blocked: " + String.join("; ", reasons);
                case NOT_STARTED -> "not started: " + String.join("; ", reasons);
                default -> "not finished";
            };
        }

        /** {@code CHANNEL_ONLY 0, LOCAL_ONLY 0, AMOUNT 0, STATUS 0, FEE 0}. */
        String byCategory() {
            return Arrays.stream(Category.values())
                .map(c -> c.name() + " " + openByCategory.getOrDefault(c.name(), 0L))
                .collect(Collectors.joining(", "));
        }

    }

    public boolean complete() {
        return !bills.isEmpty() && bills.stream().allMatch(Bill::clean);
    }

    public long differences() {
        return bills.stream().mapToLong(Bill::diffsOpen).sum();
    }

    void print(PrintStream out, Duration timeout) {
        out.printf("demo reconciliation (%d bills, %d ms)%n", bills.size(), took.toMillis());
        for (Bill b : bills) {
            out.printf("  %-9s %-20s %s  batch %d %s: rows read %d (%d payments, %d refunds, %d fees), compared %d%n",
                    b.channel(), b.merchant(), b.day(), b.batchId(), b.status(), b.rowsRead(), b.payments(),
                    b.refunds(), b.fees(), b.compared());
            out.printf("  %-9s %-20s %10s  differences %d (%s); guards: %s%n", "", "", "", b.diffsOpen(),
                    b.byCategory(), b.guards());
        }
        if (complete()) {
            out.printf(
                    "  => every bill complete and equal to the ledger and refunds: %d batches CLEAN, 0 differences%n",
                    bills.size());
        }
        else if (bills.isEmpty()) {
            out.println("  => NOTHING TO RECONCILE: no payment of the demo in the ledger");
        }
        else {
            out.printf("  => NOT EVERY BILL CLEAN (waited up to %s): %s; see GET /recon/diffs?batchId=N%n", timeout,
                    bills.stream()
                        .filter(b -> !b.clean())
                        .map(b -> b.channel() + " " + b.merchant() + " " + b.status() + " (batch " + b.batchId() + ", "
                                + b.diffsOpen() + " differences)")
                        .collect(Collectors.joining(", ")));
        }
        out.println();
    }

}
