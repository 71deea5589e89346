package io.paypipe.bench;

import io.paypipe.bench.load.AckStats;
import io.paypipe.bench.load.Delivery;
import io.paypipe.bench.load.LoadRunner;
import io.paypipe.bench.product.BenchOrder;
import io.paypipe.bench.product.ExactnessCheck;
import io.paypipe.bench.product.OrderPaidWatcher;
import io.paypipe.bench.product.OrderSeeder;
import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.bench.product.ProcessUsage.Cpu;
import io.paypipe.bench.product.ProductControl;
import io.paypipe.bench.product.ProductControl.Consumers;
import io.paypipe.bench.product.SandboxClient;
import io.paypipe.bench.product.StageCounts;
import io.paypipe.bench.product.ConsumerLag;
import io.paypipe.bench.report.Latency;
import io.paypipe.bench.report.StageCycle;
import io.paypipe.core.topic.Topics;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One stage cycle: each stage of the pipeline measured while the ones after it are paused
 * through the product's {@code /ops/consumers} endpoints. With the processor's
 * {@code payment.notify} consumers and the downstream consumers paused, the cycle's
 * orders are created (the processor's {@code order.created} consumer still runs) and
 * signed; once every group of {@code order.created} has read them (at most
 * {@link #CATCH_UP}; what is left is recorded) ingress alone gets every delivery at the
 * options' concurrency; then the processor is resumed and timed until every acknowledged
 * order is PAID; then the downstream consumers, until each group has a row for every
 * order. The consumers are resumed whatever happens.
 */
final class StagePhase {

    private static final Duration POLL = Duration.ofMillis(100);

    private static final Duration DRAIN_TIMEOUT = Duration.ofMinutes(15);

    /**
     * How long a cycle waits for every consumer group of {@code order.created} to read
     * the cycle's orders before ingress alone starts (their work is not ingress's).
     */
    private static final Duration CATCH_UP = Duration.ofMinutes(2);

    /** The closed loop ends when the deliveries run out; this only bounds a stuck run. */
    private static final Duration INGRESS_LIMIT = Duration.ofMinutes(30);

    private final BenchOptions options;

    private final SandboxClient sandbox;

    private final List<SandboxClient.BenchMerchant> merchants;

    private final OrderSeeder seeder;

    private final ExactnessCheck exactness;

    private final JdbcClient jdbc;

    private final ProductControl control;

    private final LoadRunner runner;

    private final PrintStream out;

    private final Random random = new Random(15);

    private final ThreadReadings threads;

    StagePhase(BenchOptions options, SandboxClient sandbox, JdbcClient jdbc, ProductControl control, LoadRunner runner,
            ThreadReadings threads, PrintStream out) {
        this.threads = threads;
        this.options = options;
        this.sandbox = sandbox;
        this.merchants = sandbox.wechatMerchants();
        this.seeder = new OrderSeeder(options.kafka(), jdbc);
        this.exactness = new ExactnessCheck(jdbc);
        this.jdbc = jdbc;
        this.control = control;
        this.runner = runner;
        this.out = out;
    }

    StageCycle cycle(String label, int orderCount) {
        String prefix = "BENCHS" + Long.toString(System.currentTimeMillis(), 36).toUpperCase() + "-";
        List<BenchOrder> orders = Plans.orders(prefix, orderCount, merchants, random);
        String reason = "benchmark: " + label;
        RuntimeException failure = null;
        try {
            control.pause(Consumers.PROCESSOR, reason);
            control.pause(Consumers.DOWNSTREAM, reason);
            out.printf("bench: %s: processor (payment.notify) and downstream consumers paused%n", label);
            long t0 = System.nanoTime();
            seeder.create(prefix, orders, Duration.ofMinutes(5));
            List<Delivery> sends = Plans.withDuplicates(sandbox.sign(orders), options.duplicatePercent(), random);
            out.printf("bench: %s: %d orders %s* stored and %d deliveries signed in %d ms%n", label, orders.size(),
                    prefix, sends.size(), (System.nanoTime() - t0) / 1_000_000);
            try (OrderPaidWatcher watcher = new OrderPaidWatcher(options.kafka(), prefix)) {
                return measure(label, prefix, orders.size(), sends, watcher, reason);
            }
        }
        catch (RuntimeException e) {
            failure = e;
            throw e;
        }
        finally {
            resumeAll(reason, failure);
        }
    }

    /**
     * Never leaves the product paused: both resumed (idempotent); a failing resume is
     * added to the cycle's own failure, if there is one.
     */
    private void resumeAll(String reason, RuntimeException failure) {
        for (Consumers c : Consumers.values()) {
            try {
                control.resume(c, reason);
            }
            catch (RuntimeException e) {
                if (failure == null) {
                    throw e;
                }
                failure.addSuppressed(e);
            }
        }
    }

    /**
     * Waits at most {@link #CATCH_UP} until no consumer group of {@code topic} is behind;
     * what each group is still behind then (recorded with the cycle, whatever it is).
     */
    private Map<String, Long> caughtUp(String topic) {
        ConsumerLag lag = new ConsumerLag(options.kafka());
        long deadline = System.nanoTime() + CATCH_UP.toNanos();
        Map<String, Long> behind = lag.of(topic);
        while (behind.values().stream().anyMatch(l -> l > 0) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(POLL.multipliedBy(5));
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while " + topic + " was read", e);
            }
            behind = lag.of(topic);
        }
        return behind;
    }

    private StageCycle measure(String label, String prefix, int orders, List<Delivery> sends, OrderPaidWatcher watcher,
            String reason) {
        StageCounts counts = new StageCounts(jdbc, prefix);
        StageEffects effects = new StageEffects(orders, sends.size());

        Map<String, Long> behind = caughtUp(Topics.ORDER_CREATED.name());
        effects.behind(Topics.ORDER_CREATED.name(), behind);
        out.printf("bench: %s: %s records behind per consumer group as ingress alone starts: %s%n", label,
                Topics.ORDER_CREATED.name(), behind);
        Cpu start = ProcessUsage.cpuNow();
        ThreadReadings.Start threadsAtStart = threads.start();
        AckStats ack = runner.atConcurrency(label + ", ingress alone", options.ingress().resolve("/notify/wechatpay"),
                sends, options.concurrency(), INGRESS_LIMIT, watcher);
        Cpu afterIngress = ProcessUsage.cpuNow();
        threads.record(label + ", ingress alone", "delivery", threadsAtStart, ack.accepted(), ack.elapsedMs());
        long acked = watcher.ackedOrders().size();
        effects.ingress(ack, acked, counts.rawRows(), counts.ordersWithExtraRawRows(), counts.paid());
        StageCycle.Ingress ingress = new StageCycle.Ingress(options.concurrency(), ack.sent(), ack.accepted(), acked,
                ack.elapsedMs(), Math.round(ack.acceptedPerSecond() * 10) / 10.0,
                StageCycle.perSecond(acked, ack.elapsedMs()), Latency.ofMicros(ack.latencyMicros()), ack.errors(),
                StageCycle.perUnit(afterIngress.minus(start).productMillis(), ack.accepted()));
        out.printf("bench: %s: ingress alone %.0f deliveries/s, %.0f orders/s, ack p99 %.1f ms, errors %s%n", label,
                ingress.deliveriesPerSecond(), ingress.ordersPerSecond(), ingress.ack().p99(), ack.errors());

        Cpu beforeProcessor = ProcessUsage.cpuNow();
        ThreadReadings.Start threadsBeforeProcessor = threads.start();
        long t0 = System.nanoTime();
        control.resume(Consumers.PROCESSOR, reason);
        OptionalLong paidMillis = StageCounts.millisUntil(counts::paid, acked, t0, POLL, DRAIN_TIMEOUT);
        Cpu afterProcessor = ProcessUsage.cpuNow();
        long millis = paidMillis.orElse(DRAIN_TIMEOUT.toMillis());
        threads.record(label + ", processor drain", "payment", threadsBeforeProcessor, acked, millis);
        effects.processorDrain(paidMillis.isPresent(), counts.shipments());
        StageCycle.Processor processor = new StageCycle.Processor(acked, millis, StageCycle.perSecond(acked, millis),
                StageCycle.perUnit(afterProcessor.minus(beforeProcessor).productMillis(), acked));
        out.printf("bench: %s: processor drained %d payments in %d ms (%.0f/s)%s%n", label, acked, millis,
                processor.paymentsPerSecond(), paidMillis.isPresent() ? "" : " TIMED OUT");

        Cpu beforeDownstream = ProcessUsage.cpuNow();
        t0 = System.nanoTime();
        control.resume(Consumers.DOWNSTREAM, reason);
        long[] done = downstreamDrain(counts, acked, t0);
        Cpu end = ProcessUsage.cpuNow();
        long shipMillis = done[0] < 0 ? DRAIN_TIMEOUT.toMillis() : done[0];
        long grantMillis = done[1] < 0 ? DRAIN_TIMEOUT.toMillis() : done[1];
        StageCycle.Downstream downstream = new StageCycle.Downstream(acked, shipMillis,
                StageCycle.perSecond(acked, shipMillis), acked, grantMillis, StageCycle.perSecond(acked, grantMillis),
                StageCycle.perUnit(end.minus(beforeDownstream).productMillis(), 2 * acked));
        out.printf("bench: %s: downstream drained %d shipments in %d ms (%.0f/s), %d grants in %d ms (%.0f/s)%n", label,
                acked, shipMillis, downstream.shipmentsPerSecond(), acked, grantMillis, downstream.grantsPerSecond());

        effects.downstreamDrain(done[0] >= 0 && done[1] >= 0, counts.grants(), counts.ordersWithExtraGrants());
        effects.exactness(exactness.check(prefix, watcher, Duration.ofMinutes(1)));
        out.printf("bench: %s: effects %s%n", label, effects.exact() ? "exact" : "NOT EXACT " + effects.counts());
        return new StageCycle(label, orders, sends.size(), ingress, processor, downstream,
                end.minus(start).sandboxMillis(), effects.exact(), effects.counts());
    }

    /**
     * Polls both groups' counts every 100 ms until each reached {@code target}: the
     * milliseconds after {@code t0} at which each did (shipments, grants), -1 for one
     * that did not within the timeout.
     */
    private static long[] downstreamDrain(StageCounts counts, long target, long t0) {
        long[] done = { -1, -1 };
        long deadline = t0 + DRAIN_TIMEOUT.toNanos();
        while ((done[0] < 0 || done[1] < 0) && System.nanoTime() < deadline) {
            if (done[0] < 0 && counts.shipments() >= target) {
                done[0] = (System.nanoTime() - t0) / 1_000_000;
            }
            if (done[1] < 0 && counts.grants() >= target) {
                done[1] = (System.nanoTime() - t0) / 1_000_000;
            }
            if (done[0] < 0 || done[1] < 0) {
                sleep(POLL);
            }
        }
        return done;
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
