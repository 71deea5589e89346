package io.paypipe.bench;

import io.paypipe.bench.load.AckStats;
import io.paypipe.bench.load.Delivery;
import io.paypipe.bench.load.LoadRunner;
import io.paypipe.bench.report.Latency;
import io.paypipe.bench.report.PhaseSummary;
import io.paypipe.bench.product.BenchOrder;
import io.paypipe.bench.product.ExactnessCheck;
import io.paypipe.bench.product.OrderPaidWatcher;
import io.paypipe.bench.product.OrderSeeder;
import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.bench.product.SandboxClient;
import io.paypipe.bench.product.SandboxClient.BenchMerchant;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One phase against the product: create the phase's orders, have the sandbox sign their
 * notifications, send them (with duplicates) at a fixed concurrency or rate while a
 * consumer in the driver waits for {@code OrderPaid}, then check that every effect is
 * there exactly once.
 */
final class PipelinePhase {

    private static final Duration DRAIN_TIMEOUT = Duration.ofMinutes(3);

    private final BenchOptions options;

    private final SandboxClient sandbox;

    private final List<BenchMerchant> merchants;

    private final OrderSeeder seeder;

    private final ExactnessCheck exactness;

    private final LoadRunner runner;

    private final PrintStream out;

    private final Random random = new Random(42);

    private final ThreadReadings threads;

    PipelinePhase(BenchOptions options, SandboxClient sandbox, JdbcClient jdbc, LoadRunner runner,
            ThreadReadings threads, PrintStream out) {
        this.threads = threads;
        this.options = options;
        this.sandbox = sandbox;
        this.merchants = sandbox.wechatMerchants();
        if (merchants.isEmpty()) {
            throw new IllegalStateException("the sandbox has no direct WeChat merchant");
        }
        this.seeder = new OrderSeeder(options.kafka(), jdbc);
        this.exactness = new ExactnessCheck(jdbc);
        this.runner = runner;
        this.out = out;
    }

    /**
     * Closed loop at the options' concurrency for the options' duration, at most
     * {@code options.orders()} orders.
     */
    PhaseSummary atConcurrency(String label) {
        return run(label, "concurrency", options.concurrency(),
                Plans.ordersFor(options.orders(), options.duplicatePercent()));
    }

    /** Open loop at {@code rate} requests per second for {@code duration}. */
    PhaseSummary atRate(String label, int rate, Duration duration) {
        return run(label, "rate", rate,
                Plans.ordersFor((long) rate * duration.toSeconds(), options.duplicatePercent()));
    }

    private PhaseSummary run(String label, String mode, int load, int orderCount) {
        String prefix = "BENCH" + Long.toString(System.currentTimeMillis(), 36).toUpperCase() + "-";
        List<BenchOrder> orders = Plans.orders(prefix, orderCount, merchants, random);
        long t0 = System.nanoTime();
        seeder.create(prefix, orders, Duration.ofMinutes(3));
        out.printf("bench: %s: %d orders %s* created and stored in %d ms%n", label, orders.size(), prefix,
                millisSince(t0));
        t0 = System.nanoTime();
        List<Delivery> sends = Plans.withDuplicates(sandbox.sign(orders), options.duplicatePercent(), random);
        out.printf("bench: %s: %d notifications signed by the sandbox (%d with duplicates) in %d ms%n", label,
                orders.size(), sends.size(), millisSince(t0));
        URI target = options.ingress().resolve("/notify/wechatpay");
        try (OrderPaidWatcher watcher = new OrderPaidWatcher(options.kafka(), prefix)) {
            ProcessUsage.Cpu before = ProcessUsage.cpuNow();
            ThreadReadings.Start threadsBefore = threads.start();
            AckStats ack = mode.equals("concurrency")
                    ? runner.atConcurrency(label, target, sends, load, options.duration(), watcher)
                    : runner.atRate(label, target, sends, load, options.step(), watcher);
            ProcessUsage.Cpu cpu = ProcessUsage.cpuNow().minus(before);
            threads.record(label, "ack", threadsBefore, ack.accepted(), ack.elapsedMs());
            ExactnessCheck.Verdict verdict = exactness.check(prefix, watcher, DRAIN_TIMEOUT);
            // until the pipeline drained what it accepted (paid and shipped)
            ProcessUsage.Cpu cpuWithDrain = ProcessUsage.cpuNow().minus(before);
            Latency e2e = Latency.ofMicros(watcher.endToEndMicros());
            out.printf("bench: %s: %d acked (%.0f/s), ack p99 %.1f ms, end-to-end p99 %.1f ms, errors %s, effects %s%n",
                    label, ack.accepted(), ack.acceptedPerSecond(), ack.millisAt(99), e2e.p99(), ack.errors(),
                    verdict.exact() ? "exact" : "NOT EXACT " + verdict);
            return PhaseSummary.of(label, "pipeline", mode, load, 0, ack, cpu, cpuWithDrain, verdict.ackedOrders(),
                    verdict.paidOrders(), verdict.paidDrainMillis(), e2e, verdict.exact(), effects(verdict));
        }
    }

    private static Map<String, Long> effects(ExactnessCheck.Verdict v) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("ackedOrders", v.ackedOrders());
        m.put("paidOrders", v.paidOrders());
        m.put("ackedButUnpaid", v.ackedButUnpaid());
        m.put("ledgerRows", v.ledgerRows());
        m.put("ordersWithExtraLedgerRows", v.ordersWithExtraLedgerRows());
        m.put("ordersWithExtraRawRows", v.ordersWithExtraRawRows());
        m.put("shipments", v.shipments());
        m.put("ordersWithExtraShipments", v.ordersWithExtraShipments());
        m.put("ordersWithSeveralOrderPaidEventIds", v.ordersWithSeveralEventIds());
        m.put("orderPaidRecords", v.orderPaidRecords());
        m.put("paidDrainMillis", v.paidDrainMillis());
        m.put("shippedDrainMillis", v.shippedDrainMillis());
        return m;
    }

    /** A notification signed now, to learn the size of what is sent. */
    Delivery sample() {
        BenchMerchant m = merchants.get(0);
        return sandbox
            .sign(List.of(new BenchOrder(m.tenant(), m.merchantId(), "BENCHSIZE-" + System.nanoTime(), 12_345)))
            .get(0);
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

}
