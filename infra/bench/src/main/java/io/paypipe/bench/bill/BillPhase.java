package io.paypipe.bench.bill;

import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.bench.product.SandboxClient;
import io.paypipe.bench.report.BillSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/**
 * The bill reconciliation phase: how fast reconcile-service reconciles a million-line
 * WeChat bill, and with how much memory. The first direct WeChat merchant of the
 * sandbox's merchants file, a past day (so the sandbox serves its bill): the ledger is
 * seeded with the day's generated payments ({@link LedgerSeeder}, not measured), the
 * sandbox armed with the GENERATED scenario of as many lines; then a RERUN of the day is
 * started on reconcile-service and its batch polled until it ends, with the product's
 * resident memory and CPU and reconcile-service's heap at every poll. Only a CLEAN batch
 * that compared every line is a figure; anything else is reported as a failed one.
 */
public final class BillPhase {

    /**
     * @param command the driver's command line as given, for the report
     * @param machine what the report says of the machine (cpus, CPU model, ...)
     * @param timeout how long the batch may run before the phase gives up on it
     */
    public record Settings(URI reconcile, long lines, LocalDate day, Duration poll, Duration timeout, String command,
            Map<String, String> machine) {
    }

    private final Settings settings;

    private final SandboxClient sandbox;

    private final LedgerSeeder seeder;

    private final ReconClient recon;

    private final PrintStream out;

    public BillPhase(Settings settings, SandboxClient sandbox, DataSource ledger, PrintStream out) {
        this.settings = settings;
        this.sandbox = sandbox;
        this.seeder = new LedgerSeeder(ledger, out);
        this.recon = new ReconClient(settings.reconcile(),
                io.paypipe.core.signin.OperatorCredentials.fromEnvironment());
        this.out = out;
    }

    public BillSummary run() {
        String startedAt = Instant.now().toString();
        String load = loadAverage();
        String day = settings.day().toString();
        String merchant = "?";
        BillSummary.Seeding seeding = BillSummary.Seeding.NONE;
        Optional<Long> batchId = Optional.empty();
        try {
            merchant = sandbox.wechatMerchants()
                .stream()
                .map(SandboxClient.BenchMerchant::merchantId)
                .min(Comparator.naturalOrder())
                .orElseThrow(() -> new IllegalStateException("the sandbox has no direct WeChat merchant"));
            GeneratedPayments payments = new GeneratedPayments(settings.day(), settings.lines());
            out.printf("bench: bill: seeding the ledger with the %d payments of wechatpay %s on %s%n", settings.lines(),
                    merchant, day);
            seeding = seeder.seed(payments, merchant);
            out.printf("bench: bill: ledger seeded in %d ms (%d there before, %d inserted)%n", seeding.millis(),
                    seeding.ledgerRowsBefore(), seeding.inserted());
            sandbox.armGeneratedWechatBill(merchant, settings.day(), settings.lines());
            MemoryPeaks memory = new MemoryPeaks(ProcessUsage.rssOfProduct(), recon.heap());
            ProcessUsage.Cpu cpuBefore = ProcessUsage.cpuNow();
            long t0 = System.nanoTime();
            long id = recon.start(merchant, settings.day());
            batchId = Optional.of(id);
            out.printf("bench: bill: batch %d started (RERUN of wechatpay %s %s, %d lines)%n", id, merchant, day,
                    settings.lines());
            return watch(id, t0, cpuBefore, memory, startedAt, load, merchant, seeding);
        }
        catch (RuntimeException e) {
            out.printf("bench: bill: FAILED: %s%n", e.getMessage());
            return BillSummary.failed(startedAt, settings.command(), settings.machine(), load, merchant, day,
                    settings.lines(), seeding, batchId, e.toString());
        }
    }

    private BillSummary watch(long id, long t0, ProcessUsage.Cpu cpuBefore, MemoryPeaks memory, String startedAt,
            String load, String merchant, BillSummary.Seeding seeding) {
        List<BillSummary.Sample> samples = new ArrayList<>();
        Optional<BatchState.Progress> lastReading = Optional.empty();
        Optional<BatchState.Progress> lastComparing = Optional.empty();
        long deadline = t0 + settings.timeout().toNanos();
        long lastPrint = 0;
        BatchState state;
        while (true) {
            LockSupport.parkNanos(settings.poll().toNanos());
            state = recon.batch(id);
            long at = millisSince(t0);
            Optional<ReconClient.Heap> heap = recon.heap();
            long rss = memory.read(ProcessUsage.rssOfProduct(), heap);
            samples.add(new BillSummary.Sample(at, state.phaseOrStatus(),
                    state.progress().map(BatchState.Progress::rowsRead).orElse(state.rowsRead()), rss,
                    heap.map(ReconClient.Heap::usedMib)));
            if (state.progress().isPresent() && state.running()) {
                BatchState.Progress p = state.progress().get();
                lastReading = p.phase().equals("READING") ? Optional.of(p) : lastReading;
                lastComparing = p.phase().equals("COMPARING") ? Optional.of(p) : lastComparing;
            }
            if (!state.running() || System.nanoTime() > deadline) {
                break;
            }
            if (at - lastPrint >= 2_000) {
                lastPrint = at;
                out.printf("bench: bill: %5.1f s %s: %d rows read, %d rows/s, product RSS %d MiB%n", at / 1000.0,
                        state.phaseOrStatus(), samples.getLast().rowsRead(),
                        state.progress().map(BatchState.Progress::rowsPerSecond).orElse(0L), rss);
            }
        }
        long wall = millisSince(t0);
        ProcessUsage.Cpu cpu = ProcessUsage.cpuNow().minus(cpuBefore);
        BillSummary.Timing timing = BillTimings.of(settings.lines(), wall, settings.poll().toMillis(), lastComparing,
                lastReading, cpu, state);
        Optional<String> failure = state.running()
                ? Optional.of("the batch was still RUNNING after " + settings.timeout().toSeconds() + " s")
                : Optional.empty();
        BillSummary summary = new BillSummary(startedAt, settings.command(), settings.machine(), load, loadAverage(),
                "wechatpay", merchant, settings.day().toString(), settings.lines(), seeding, Optional.of(id),
                state.status(), state.reasons(), state.rowsRead(), state.billBytes(), state.compared(),
                state.diffsOpen(), state.openByCategory(), timing, memory.summary(), List.copyOf(samples), failure);
        out.printf(
                "bench: bill: batch %d %s%s: %d lines read, %d compared, %d open differences %s in %d ms: "
                        + "%.0f rows/s end to end (reading %d ms at %d rows/s, comparison %d ms)%n",
                id, state.status(), summary.clean() ? "" : " (NOT A CLEAN BATCH: a failed figure)", state.rowsRead(),
                state.compared(), state.diffsOpen(), state.openByCategory(), wall, timing.rowsPerSecond(),
                timing.readMillis(), timing.readRowsPerSecond(), timing.compareMillis());
        return summary;
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        }
        catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

}
