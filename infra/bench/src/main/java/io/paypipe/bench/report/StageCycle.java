package io.paypipe.bench.report;

import java.util.Map;

/**
 * One stage cycle as measured: with the processor's and the downstream consumers paused,
 * {@code orders} orders created and their notifications (with duplicates) sent to ingress
 * alone; then the processor resumed and timed until every order was paid; then the
 * downstream consumers resumed and timed until each group had applied every order.
 *
 * @param sandboxCpuMillis CPU time of the sandbox's own process over the three stages (it
 * signs before them, so near 0 unless something else uses it; never counted in the
 * product's CPU)
 * @param exact every effect of the cycle exact and each stage alone (see {@code effects})
 */
public record StageCycle(String label, int orders, long deliveries, Ingress ingress, Processor processor,
        Downstream downstream, long sandboxCpuMillis, boolean exact, Map<String, Long> effects) {

    /**
     * Ingress alone (closed loop over every delivery of the cycle).
     *
     * @param ackedOrders distinct orders with a success ack
     * @param productCpuMsPerDelivery the product's CPU per acknowledged delivery
     */
    public record Ingress(int concurrency, long sent, long acked, long ackedOrders, long elapsedMs,
            double deliveriesPerSecond, double ordersPerSecond, Latency ack, Map<String, Long> errors,
            double productCpuMsPerDelivery) {
    }

    /**
     * The processor draining the backlog ingress left: from its resume until every
     * acknowledged order was PAID (a COUNT polled every 100 ms).
     */
    public record Processor(long payments, long millis, double paymentsPerSecond, double productCpuMsPerPayment) {
    }

    /**
     * The downstream consumers draining the cycle's {@code order.paid} events: from their
     * resume until each group's table had a row for every order.
     *
     * @param productCpuMsPerEvent the product's CPU over the drain per event applied
     * (both groups' events counted)
     */
    public record Downstream(long shipments, long shipmentsMillis, double shipmentsPerSecond, long grants,
            long grantsMillis, double grantsPerSecond, double productCpuMsPerEvent) {
    }

    public static double perSecond(long count, long millis) {
        return millis <= 0 ? 0 : Math.round(count * 10_000.0 / millis) / 10.0;
    }

    public static double perUnit(long cpuMillis, long units) {
        return units <= 0 ? 0 : Math.round(cpuMillis * 1000.0 / units) / 1000.0;
    }

}
