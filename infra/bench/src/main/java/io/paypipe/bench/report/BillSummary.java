package io.paypipe.bench.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bill reconciliation figure: one generated WeChat bill of {@code lines} payments
 * reconciled by reconcile-service ({@code POST /recon/runs}, kind RERUN) against a ledger
 * seeded with the same payments, so the batch must end CLEAN with every line compared.
 * Anything else is a failed figure ({@link #clean()} false), shown as such.
 *
 * @param startedAt when this phase started (it may come from another run than the rest of
 * the report: {@code --only=bill})
 * @param command the driver's command line as given
 * @param machine the machine it ran on (cpus, CPU model, memory, OS, JVM): with
 * {@code --only=bill} not necessarily the one of the rest of the report
 * @param status the batch's final status, {@code RUNNING} when it did not end in time,
 * {@code FAILED} when the phase could not run (see {@code failure})
 * @param billBytes the bytes reconcile-service counted as downloaded (the gzip)
 * @param samples one per poll of the batch
 */
public record BillSummary(String startedAt, String command, Map<String, String> machine, String loadAverageAtStart,
        String loadAverageAtEnd, String channel, String merchantId, String day, long lines, Seeding seeding,
        Optional<Long> batchId, String status, List<String> reasons, long rowsRead, long billBytes, long compared,
        long diffsOpen, Map<String, Long> openByCategory, Timing timing, Memory memory, List<Sample> samples,
        Optional<String> failure) {

    /**
     * The ledger's seeding, before the measured part.
     *
     * @param ledgerRowsBefore the merchant's payments of the day found before (equal to
     * the lines: seeded by an earlier run, nothing inserted)
     */
    public record Seeding(long ledgerRowsBefore, long inserted, long millis) {

        public static final Seeding NONE = new Seeding(0, 0, 0);

    }

    /**
     * @param wallMillis from {@code POST /recon/runs} to the first poll that saw the
     * batch ended (so up to one poll late)
     * @param rowsPerSecond lines over the wall time: the end-to-end figure
     * @param readMillis the batch's reading (the channel's API call, the download,
     * parsing and the batched INSERTs into {@code recon_bill_line}), from the service's
     * own rate ({@code progress.rowsPerSecond}, frozen when the comparison begins)
     * @param readFrom how {@code readMillis} was found
     * @param compareMillis the wall time minus the reading: the guards and the set-based
     * comparison with the ledger and refunds, plus the start (within one poll)
     * @param productCpuMillis CPU time of the product's processes during the batch;
     * {@code coresBusy} that over the wall time
     */
    public record Timing(long wallMillis, double rowsPerSecond, long readMillis, long readRowsPerSecond,
            String readFrom, long compareMillis, long pollMillis, long productCpuMillis, double coresBusy,
            Optional<String> batchStartedAt, Optional<String> batchFinishedAt) {

        public static final Timing NONE = new Timing(0, 0, 0, 0, "-", 0, 0, 0, 0, Optional.empty(), Optional.empty());

    }

    /**
     * Resident memory of the product's processes before the batch, the highest of the
     * polls and after; the heap of reconcile-service's JVM (its
     * {@code /actuator/metrics}: with the local launcher the one JVM of every service and
     * the sandbox), when it answers: used (live objects and garbage not yet collected),
     * committed, and the old generation's used part (what outlived young collections: a
     * bill held in memory would pile up there).
     */
    public record Memory(List<ProcessRss> processes, Optional<Long> heapUsedBeforeMib, Optional<Long> heapUsedPeakMib,
            Optional<Long> heapCommittedPeakMib, Optional<Long> oldGenUsedBeforeMib, Optional<Long> oldGenUsedPeakMib) {

        public static final Memory NONE = new Memory(List.of(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty());

    }

    public record ProcessRss(long pid, String name, long beforeMib, long peakMib, long afterMib) {
    }

    /** One poll: ms since the POST, the batch's phase (or final status), rows read. */
    public record Sample(long atMillis, String phase, long rowsRead, long productRssMib, Optional<Long> heapUsedMib) {
    }

    /**
     * CLEAN, with every line read and compared and no open difference: the only outcome
     * whose speed counts.
     */
    public boolean clean() {
        return failure.isEmpty() && status.equals("CLEAN") && rowsRead == lines && compared == lines && diffsOpen == 0;
    }

    /** Measured by {@code --only=bill}, not in the run of the rest of its report. */
    public boolean measuredAlone() {
        return command.contains("--only=bill");
    }

    /** The phase could not run or measure: nothing but the reason. */
    public static BillSummary failed(String startedAt, String command, Map<String, String> machine,
            String loadAverageAtStart, String merchantId, String day, long lines, Seeding seeding,
            Optional<Long> batchId, String reason) {
        return new BillSummary(startedAt, command, machine, loadAverageAtStart, loadAverageAtStart, "wechatpay",
                merchantId, day, lines, seeding, batchId, "FAILED", List.of(), 0, 0, 0, 0, Map.of(), Timing.NONE,
                Memory.NONE, List.of(), Optional.of(reason));
    }

}
