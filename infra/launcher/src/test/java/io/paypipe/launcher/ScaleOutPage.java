package io.paypipe.launcher;

import io.paypipe.launcher.ScaleOutRound.Result;
import io.paypipe.launcher.ScaleOutRound.Shape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes {@code docs/scale-out.md} from the rounds of one {@link ScaleOutBenchmark} run:
 * what was measured, the figures per shape, the ratios against one processor and against
 * three partitions, and the CPU per payment beside each, so that the scaling can be read
 * per core.
 */
final class ScaleOutPage {

    /** The run's settings. */
    record Run(Instant started, Instant finished, int backlog, int rate, Duration window, List<String> jvm) {
    }

    private ScaleOutPage() {
    }

    static void write(Path out, Run run, List<Result> results) throws IOException {
        StringBuilder page = new StringBuilder();
        page.append("""
                # Scale-out on a 3-broker cluster

                _Written by `ScaleOutBenchmark` (`./paypipe bench-scale`, about 35 minutes); edit
                `infra/launcher/src/test/java/io/paypipe/launcher/ScaleOutPage.java`, not this file. Issue 16._

                ## What is measured

                For each partition count (every topic of the pipeline: 3, 6, 12 partitions), a fresh Apache Kafka
                cluster of three nodes (`LocalKafkaCluster`: three broker processes, a three-voter KRaft quorum),
                topics as production makes them (replication factor 3, `min.insync.replicas=2`), one ingress and
                one processor, each in a JVM of its own (`-Xms512m -Xmx1g`, the JIT's full tiers), on the same
                MariaDB. Then a second processor joins, then a third (each runs 3 consumer threads,
                `processor.concurrency=3`, which the harness sets). After each change an unreported
                warm-up round (the JIT, the
                consumer group's rebalance), then the measured round. Last, with three processors, one broker is
                killed (SIGKILL) and the round runs again once no partition has it as leader or in its in-sync
                replicas.

                A round: **drain**: the processors' `payment.notify` consumers are paused (`/ops/consumers`, each
                instance's answer checked), the orders are created (the sandbox's order system publishes
                `OrderCreated`, the processors store them) and their WeChat Pay notifications signed, ingress gets
                every notification (concurrency 32, each acknowledged), then the processors are resumed and timed
                until the last `OrderPaid` reaches a `read_committed` consumer of `order.paid` in the measuring
                JVM: payments/s. **Latency**: new orders, their notifications sent at a fixed arrival rate
                (request i due at start + i / rate, its latency counted from then) to ingress; send to the first
                `OrderPaid` read by that consumer, p50 / p99 / max. Every order of both windows must end PAID with
                exactly one ledger row, or the run fails. **CPU**: the product's processes (the three brokers,
                ingress, the processors, MariaDB) over each window, from the operating system
                (`ProcessHandle.Info.totalCpuDuration`); the measuring JVM (signing, load, the consumer) is not
                counted, but runs on the same cores.

                """);
        page.append("## The last run\n\n");
        page.append(String.format(Locale.ROOT,
                "Started %s, took %d s. Machine: %d cores (%s), %s. Backlog %d payments per drain; latency at %d/s "
                        + "for %d s; services' JVM options `%s`.%n%n",
                run.started(), Duration.between(run.started(), run.finished()).toSeconds(),
                Runtime.getRuntime().availableProcessors(), cpuModel(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"), run.backlog(),
                run.rate(), run.window().toSeconds(), String.join(" ", run.jvm())));
        page.append("### Throughput: ingress taking the backlog, the processors draining it\n\n");
        page.append("| partitions | processors | brokers up | ingress deliveries/s (fail acks) | drain payments/s "
                + "| × 1 processor | × 3 partitions | × all brokers up | CPU ms per payment | cores busy "
                + "| payments per CPU-second |\n");
        page.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Result r : results) {
            page.append(String.format(Locale.ROOT,
                    "| %d | %d | %d | %,.0f (%d) | %,.0f | %s | %s | %s | %.3f | %.2f | %,.0f |%n",
                    r.shape().partitions(), r.shape().processors(), r.shape().brokersUp(), r.intake().perSecond(),
                    r.intake().failAcks(), r.drain().perSecond(), ratio(r, onOneProcessor(results, r.shape())),
                    ratio(r, onThreePartitions(results, r.shape())), ratio(r, allBrokersUp(results, r.shape())),
                    r.drain().cpuMsPerPayment(), r.drain().coresBusy(), 1000 / r.drain().cpuMsPerPayment()));
        }
        page.append("""

                Ingress deliveries/s: the backlog's notifications acknowledged per second at concurrency 32 while
                the processors were paused (a fail ack, e.g. a publish the brokers did not confirm within ingress's
                3 s, is counted and sent again 200 ms later, as WeChat would). × 1 processor divides a drain by the
                drain with one processor on the same partition count, all brokers up; × 3 partitions by the drain
                with as many processors (and brokers up) on 3 partitions; × all brokers up, for a round with a
                broker down, by the same shape before the kill. CPU ms per payment: the product's processes over
                the drain; payments per CPU-second is 1000 / that: what each core of a machine would pay if the
                product's CPU were all that bounded it.

                """);
        page.append(String.format(Locale.ROOT, "### Latency at a fixed %d callbacks/s%n%n", run.rate()));
        page.append("| partitions | processors | brokers up | idle cores busy | send->OrderPaid p50 / p99 / max ms "
                + "| fail acks | CPU ms per payment | cores busy |\n");
        page.append("|---:|---:|---:|---:|---|---:|---:|---:|\n");
        for (Result r : results) {
            page.append(String.format(Locale.ROOT, "| %d | %d | %d | %.2f | %.1f / %.1f / %.1f | %d | %.3f | %.2f |%n",
                    r.shape().partitions(), r.shape().processors(), r.shape().brokersUp(), r.idle().coresBusy(),
                    r.latency().p50Ms(), r.latency().p99Ms(), r.latency().maxMs(), r.latency().failAcks(),
                    r.latency().cpuMsPerPayment(), r.latency().coresBusy()));
        }
        page.append("""

                Idle cores busy: the product's processes over 5 s with nothing in flight, just before the latency
                window (consumers polling, the brokers' replication and heartbeats, the JIT). The latency window's
                CPU per payment includes that fixed cost, spread over few payments at this rate.

                """);
        page.append(reading(results));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, page);
    }

    /** The measured reading per core and what a larger machine would show. */
    private static String reading(List<Result> results) {
        Result best = results.stream()
            .filter(r -> r.shape().brokersUp() == 3)
            .max((a, b) -> Double.compare(a.drain().perSecond(), b.drain().perSecond()))
            .orElseThrow();
        double perCore = 1000 / best.drain().cpuMsPerPayment();
        return String.format(Locale.ROOT,
                """
                        ## Reading it per core, and a larger machine

                        On this machine every process (three brokers, ingress, up to three processors, MariaDB and the
                        measuring JVM) shares %d cores, so a drain with more processors has no more CPU than one with fewer:
                        a ratio near 1 means the cores, not the processor, bound it, and the cores-busy column says how
                        full they were. The figure that carries over is the CPU per payment. The best drain here (%d
                        partitions, %d processors) paid %,.0f payments/s at %.3f CPU ms each, i.e. about %,.0f payments
                        per CPU-second of the whole product. On a machine where each service has cores of its own, the
                        drain grows with the processor threads that have a partition (processors x 3 consumer threads, at
                        most the partition count: with 3 partitions at most three threads in all have work, wherever they
                        run) until the database's commits or the brokers' replication bound it; 12 partitions leave room
                        for four instances of three threads. A rough ceiling from this run's figure: %,.0f payments/s with 8 cores
                        given to the product, which this machine cannot show. With one broker down the cluster keeps
                        every partition writable (two in-sync replicas of three, `min.insync.replicas=2`) and the drain
                        and latency above show what that costs; a second broker down stops writes by design.
                        """,
                Runtime.getRuntime().availableProcessors(), best.shape().partitions(), best.shape().processors(),
                best.drain().perSecond(), best.drain().cpuMsPerPayment(), perCore, perCore * 8);
    }

    private static Optional<Result> onOneProcessor(List<Result> results, Shape shape) {
        return results.stream()
            .filter(r -> r.shape().partitions() == shape.partitions() && r.shape().processors() == 1
                    && r.shape().brokersUp() == 3)
            .findFirst();
    }

    private static Optional<Result> allBrokersUp(List<Result> results, Shape shape) {
        if (shape.brokersUp() == 3) {
            return Optional.empty();
        }
        return results.stream()
            .filter(r -> r.shape().partitions() == shape.partitions() && r.shape().processors() == shape.processors()
                    && r.shape().brokersUp() == 3)
            .findFirst();
    }

    private static Optional<Result> onThreePartitions(List<Result> results, Shape shape) {
        return results.stream()
            .filter(r -> r.shape().partitions() == 3 && r.shape().processors() == shape.processors()
                    && r.shape().brokersUp() == shape.brokersUp())
            .findFirst();
    }

    private static String ratio(Result r, Optional<Result> base) {
        return base.map(b -> String.format(Locale.ROOT, "%.2f", r.drain().perSecond() / b.drain().perSecond()))
            .orElse("-");
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo"))
                .stream()
                .filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim())
                .findFirst()
                .orElse("unknown CPU");
        }
        catch (IOException e) {
            return "unknown CPU";
        }
    }

}
