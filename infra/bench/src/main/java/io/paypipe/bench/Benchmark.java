package io.paypipe.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.paypipe.bench.backlog.BacklogCost;
import io.paypipe.bench.bill.BillPhase;
import io.paypipe.bench.floor.FloorStats;
import io.paypipe.bench.floor.JdbcFloor;
import io.paypipe.bench.floor.KafkaFloor;
import io.paypipe.bench.load.Delivery;
import io.paypipe.bench.load.LoadRunner;
import io.paypipe.bench.report.BenchReport;
import io.paypipe.bench.report.BillSummary;
import io.paypipe.bench.report.FloorSummary;
import io.paypipe.bench.report.PhaseSummary;
import io.paypipe.bench.report.ReportWriter;
import io.paypipe.bench.report.StagesSummary;
import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.bench.product.ProductControl;
import io.paypipe.bench.product.SandboxClient;
import io.paypipe.core.topic.Topics;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One benchmark run, phase by phase: floors, the stages on their own and the whole
 * pipeline's capacity and latency ladder ({@link Stages}, each repeated), the comparison
 * with the synchronous baseline (at the median capacity), the backlog cost, the bill
 * reconciliation; or the bill reconciliation alone ({@code --only=bill}), put into the
 * report of the last run in {@code out}. The comparison and the backlog cost run once.
 */
final class Benchmark {

    /** The bill reconciliation's batch may run this long before it counts as failed. */
    private static final Duration BILL_TIMEOUT = Duration.ofMinutes(30);

    private final BenchOptions options;

    private final PrintStream out;

    Benchmark(BenchOptions options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    BenchReport run() {
        if (options.onlyBill()) {
            return billAlone();
        }
        Instant started = Instant.now();
        Map<String, String> machine = MachineInfo.read();
        try (HikariDataSource shared = dataSource("bench", Math.max(options.concurrency(), 10));
                HikariDataSource baselinePool = dataSource("bench-sync-baseline", 10)) {
            JdbcClient jdbc = JdbcClient.create(shared);
            machine.put("database", MachineInfo.database(jdbc));
            SandboxClient sandbox = new SandboxClient(options.sandbox());
            LoadRunner runner = new LoadRunner(out);
            ThreadReadings threads = new ThreadReadings(out);
            PipelinePhase pipeline = new PipelinePhase(options, sandbox, jdbc, runner, threads, out);
            Delivery sample = pipeline.sample();
            int eventBytes = EventSize.ofNotification();
            out.printf("bench: a notification is %d bytes on the wire, its %s event %d bytes%n", sample.body().length,
                    Topics.PAYMENT_NOTIFY.name(), eventBytes);

            out.printf("bench: floors at concurrency %d for %ds each%n", options.concurrency(),
                    options.duration().toSeconds());
            FloorStats jdbcFloor = new JdbcFloor(shared).measure(options.concurrency(), options.duration(),
                    sample.body().length);
            FloorStats kafkaFloor = new KafkaFloor(options.kafka()).measure(options.concurrency(), options.duration(),
                    eventBytes, Topics.DEFAULT_PARTITIONS);
            List<FloorSummary> floors = List.of(FloorSummary.of(jdbcFloor), FloorSummary.of(kafkaFloor));
            floors.forEach(f -> out.printf("bench: floor %s: %.0f/s, p99 %.1f ms%n", f.name(), f.perSecond(),
                    f.latency().p99()));

            ProductControl control = new ProductControl(options.processor(), options.downstream(),
                    io.paypipe.core.signin.OperatorCredentials.fromEnvironment());
            StagePhase stagePhase = new StagePhase(options, sandbox, jdbc, control, runner, threads, out);
            Stages.Result stages = Stages.run(options, stagePhase, pipeline, threads, jdbcFloor.perSecond(), out);
            PhaseSummary capacity = stages.capacities().get(0);
            double cap = Ratios.medianCapacity(stages.capacities()).acceptedPerSecond();

            List<PhaseSummary> comparison = new ArrayList<>();
            BaselinePhase baseline = new BaselinePhase(options, sandbox, baselinePool, runner, out);
            for (int percent : options.comparePercent()) {
                int rate = Stages.rate(cap, percent);
                comparison.add(pipeline.atRate("pipeline, " + rate + "/s (" + percent + "%)", rate, options.step()));
                for (int delay : options.delaysMs()) {
                    comparison.add(baseline.atRate(rate, Duration.ofMillis(delay)));
                }
            }

            List<BacklogCost.Row> backlog = BacklogCost.measure(new BacklogCost.Settings(shared, options.kafka(),
                    options.backlogs(), options.dueRecords(), 200, Duration.ofSeconds(5)), out);
            List<ProcessUsage.Rss> memory = new ArrayList<>(ProcessUsage.rssOfProduct());
            memory.addAll(ProcessUsage.rssOfSandbox());
            Optional<BillSummary> bill = (options.billLines() > 0) ? Optional.of(bill(sandbox)) : Optional.empty();

            Optional<StagesSummary> summary = Optional.of(stages.summary());
            return new BenchReport(started.toString(), Duration.between(started, Instant.now()).toSeconds(), machine,
                    options.asGiven(), floors, Optional.of(capacity), stages.firstLadder(), comparison, backlog, memory,
                    Ratios.of(floors, stages.capacities(), comparison, backlog),
                    BenchReport.allExact(Optional.of(capacity), stages.firstLadder(), comparison, bill, summary), bill,
                    summary);
        }
    }

    /**
     * The bill phase alone: its section replaces the bill section of the last report in
     * {@code out} (the rest of that page stays as measured then), or makes a page of its
     * own when there is none.
     */
    private BenchReport billAlone() {
        Instant started = Instant.now();
        BillSummary bill = bill(new SandboxClient(options.sandbox()));
        return ReportWriter.read(options.out())
            .map(previous -> previous.withBill(bill))
            .orElseGet(() -> BenchReport.billOnly(started.toString(),
                    Duration.between(started, Instant.now()).toSeconds(), MachineInfo.read(), options.asGiven(), bill));
    }

    private BillSummary bill(SandboxClient sandbox) {
        // batched INSERTs as multi-row statements: a million ledger rows are seeded
        try (HikariDataSource ledger = dataSource("bench-bill-ledger", 2, Map.of("rewriteBatchedStatements", "true"))) {
            return new BillPhase(new BillPhase.Settings(options.reconcile(), options.billLines(), options.billDay(),
                    Duration.ofMillis(500), BILL_TIMEOUT, options.command(), machine()), sandbox, ledger, out)
                .run();
        }
    }

    /**
     * The machine, without the load (the bill phase reads its own at its start and end).
     */
    private static Map<String, String> machine() {
        Map<String, String> m = new java.util.LinkedHashMap<>(MachineInfo.read());
        m.remove("loadAverageAtStart");
        return m;
    }

    private HikariDataSource dataSource(String name, int size) {
        return dataSource(name, size, Map.of());
    }

    private HikariDataSource dataSource(String name, int size, Map<String, String> properties) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(name);
        config.setJdbcUrl(options.jdbcUrl());
        config.setUsername(options.dbUser());
        config.setPassword(options.dbPassword());
        config.setMaximumPoolSize(size);
        properties.forEach(config::addDataSourceProperty);
        return new HikariDataSource(config);
    }

}
