package io.paypipe.bench.report;

import io.paypipe.bench.load.AckStats;
import io.paypipe.bench.product.ProcessUsage;
import java.util.Map;

/**
 * One load phase against one system.
 *
 * @param system {@code pipeline} or {@code sync-baseline}
 * @param mode {@code concurrency} (closed loop) or {@code rate} (open loop, requests per
 * second)
 * @param load the concurrency or the offered rate
 * @param downstreamDelayMs the downstream call's delay (the baseline waits for it; the
 * pipeline does not)
 * @param paidPerSecond orders whose payment took full effect per second, from the first
 * send until the last of them was done (for the pipeline: until the processor drained
 * what ingress accepted)
 * @param exact the effects check passed (see {@code effects})
 * @param productCpuMsPerAck CPU time of the product's processes (launcher JVM and its
 * MariaDB) per success ack while the load ran; {@code driverCpuMsPerAck} the same of the
 * driver's JVM (which also hosts the synchronous baseline in its phases);
 * {@code coresBusy} both over wall time
 * @param ackedOrdersPerSecond distinct orders with a success ack per second of the load
 * (duplicates excluded: the unit {@code paidPerSecond} counts in); 0 in reports written
 * before it existed
 * @param productCpuMsPerPaidOrder CPU time of the product's processes from the first send
 * until the pipeline had drained the phase's work (paid and shipped), per paid order; 0
 * in reports written before it existed
 */
public record PhaseSummary(String label, String system, String mode, int load, long downstreamDelayMs, long sent,
        long accepted, double acceptedPerSecond, double paidPerSecond, Latency ack, double shareWithinBudget,
        Map<String, Long> errors, Latency endToEnd, boolean exact, Map<String, Long> effects, double productCpuMsPerAck,
        double driverCpuMsPerAck, double coresBusy, double ackedOrdersPerSecond, double productCpuMsPerPaidOrder) {

    /**
     * {@code paidOrders} were done {@code drainMillis} after the last answer of the
     * phase; a phase with nothing to drain (the acked orders are {@code ackedOrders} in
     * {@code effects}, else the paid ones; the CPU of the load is all of it).
     */
    public static PhaseSummary of(String label, String system, String mode, int load, long delayMs, AckStats ack,
            ProcessUsage.Cpu cpu, long paidOrders, long drainMillis, Latency endToEnd, boolean exact,
            Map<String, Long> effects) {
        return of(label, system, mode, load, delayMs, ack, cpu, cpu, effects.getOrDefault("ackedOrders", paidOrders),
                paidOrders, drainMillis, endToEnd, exact, effects);
    }

    /**
     * {@code paidOrders} were done {@code drainMillis} after the last answer of the
     * phase; {@code cpu} is the product's during the load, {@code cpuWithDrain} until the
     * drain ended.
     */
    public static PhaseSummary of(String label, String system, String mode, int load, long delayMs, AckStats ack,
            ProcessUsage.Cpu cpu, ProcessUsage.Cpu cpuWithDrain, long ackedOrders, long paidOrders, long drainMillis,
            Latency endToEnd, boolean exact, Map<String, Long> effects) {
        long millis = ack.elapsedMs() + drainMillis;
        long acked = Math.max(1, ack.accepted());
        return new PhaseSummary(label, system, mode, load, delayMs, ack.sent(), ack.accepted(),
                Math.round(ack.acceptedPerSecond() * 10) / 10.0,
                millis == 0 ? 0 : Math.round(paidOrders * 10_000.0 / millis) / 10.0,
                Latency.ofMicros(ack.latencyMicros()), Math.round(ack.shareWithinBudget() * 10_000) / 10_000.0,
                ack.errors(), endToEnd, exact, effects, round2((double) cpu.productMillis() / acked),
                round2((double) cpu.driverMillis() / acked),
                ack.elapsedMs() == 0 ? 0
                        : round2((double) (cpu.productMillis() + cpu.driverMillis()) / ack.elapsedMs()),
                ack.elapsedMs() == 0 ? 0 : Math.round(ackedOrders * 10_000.0 / ack.elapsedMs()) / 10.0,
                paidOrders == 0 ? 0 : round2((double) cpuWithDrain.productMillis() / paidOrders));
    }

    private static double round2(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
