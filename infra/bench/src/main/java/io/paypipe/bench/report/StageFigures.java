package io.paypipe.bench.report;

import io.paypipe.bench.report.StageFigure.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The Stages table's rows from the repeats: each stage's figures as median and spread,
 * against the targets of issue 15 (benchmark figures on this machine, not timed tests).
 */
public final class StageFigures {

    static final double INGRESS_PER_SECOND = 2_500;

    static final double INGRESS_SHARE_OF_JDBC_FLOOR = 0.35;

    static final double DRAIN_PAYMENTS_PER_SECOND = 1_500;

    static final double DOWNSTREAM_EVENTS_PER_SECOND = 3_000;

    static final double PAID_OVER_ACKED_ORDERS = 0.9;

    static final double END_TO_END_P99_MS = 200;

    private StageFigures() {
    }

    /**
     * @param jdbcFloorPerSecond the JDBC floor of the same run (0: no ratio to it)
     * @param at75 the whole pipeline's 75 % ladder step of each repeat (empty when the
     * ladder has no such step)
     */
    public static List<StageFigure> of(List<StageCycle> cycles, double jdbcFloorPerSecond,
            List<StagesSummary.PipelineRepeat> pipeline, List<PhaseSummary> at75) {
        List<StageFigure> rows = new ArrayList<>();
        if (!cycles.isEmpty()) {
            String ingress = "ingress alone";
            rows.add(StageFigure.of(ingress, "deliveries acked/s",
                    spread(cycles, c -> c.ingress().deliveriesPerSecond()),
                    Optional.of(Target.atLeast(INGRESS_PER_SECOND, ">= 2,500/s")),
                    Optional.of(spread(cycles, c -> c.ingress().productCpuMsPerDelivery()))));
            if (jdbcFloorPerSecond > 0) {
                rows.add(StageFigure.of(ingress, "deliveries acked/s over the JDBC floor",
                        spread(cycles, c -> round3(c.ingress().deliveriesPerSecond() / jdbcFloorPerSecond)),
                        Optional.of(Target.atLeast(INGRESS_SHARE_OF_JDBC_FLOOR, ">= 0.35 x JDBC floor")),
                        Optional.empty()));
            }
            rows.add(StageFigure.of(ingress, "orders acked/s", spread(cycles, c -> c.ingress().ordersPerSecond())));
            rows.add(StageFigure.of(ingress, "ack p50 ms", spread(cycles, c -> c.ingress().ack().p50())));
            rows.add(StageFigure.of(ingress, "ack p99 ms", spread(cycles, c -> c.ingress().ack().p99())));
            rows.add(StageFigure.of("processor drain", "payments/s",
                    spread(cycles, c -> c.processor().paymentsPerSecond()),
                    Optional.of(Target.atLeast(DRAIN_PAYMENTS_PER_SECOND, ">= 1,500/s")),
                    Optional.of(spread(cycles, c -> c.processor().productCpuMsPerPayment()))));
            rows.add(StageFigure.of("downstream drain, warehouse (shipment)", "events/s",
                    spread(cycles, c -> c.downstream().shipmentsPerSecond()),
                    Optional.of(Target.atLeast(DOWNSTREAM_EVENTS_PER_SECOND, ">= 3,000/s")),
                    Optional.of(spread(cycles, c -> c.downstream().productCpuMsPerEvent()))));
            rows.add(StageFigure.of("downstream drain, points (points_grant)", "events/s",
                    spread(cycles, c -> c.downstream().grantsPerSecond()),
                    Optional.of(Target.atLeast(DOWNSTREAM_EVENTS_PER_SECOND, ">= 3,000/s")),
                    Optional.of(spread(cycles, c -> c.downstream().productCpuMsPerEvent()))));
        }
        if (!pipeline.isEmpty()) {
            String whole = "whole pipeline at capacity";
            rows.add(StageFigure.of(whole, "orders acked/s",
                    spread(pipeline, r -> r.capacity().ackedOrdersPerSecond())));
            rows.add(StageFigure.of(whole, "orders paid/s (until drained)",
                    spread(pipeline, r -> r.capacity().paidPerSecond()), Optional.empty(),
                    Optional.of(spread(pipeline, r -> r.capacity().productCpuMsPerPaidOrder()))));
            rows.add(StageFigure.of(whole, "orders paid/s over orders acked/s",
                    spread(pipeline, r -> paidOverAckedOrders(r.capacity())),
                    Optional.of(Target.atLeast(PAID_OVER_ACKED_ORDERS, ">= 0.9")), Optional.empty()));
        }
        if (!at75.isEmpty()) {
            rows.add(StageFigure.of("whole pipeline at 75 % of capacity", "send->OrderPaid p99 ms",
                    spread(at75, p -> p.endToEnd().p99()),
                    Optional.of(Target.atMostEachRepeat(END_TO_END_P99_MS, "<= 200 ms in every repeat")),
                    Optional.empty()));
        }
        return rows;
    }

    /**
     * Orders paid per second (until the drain ended) over orders acknowledged per second
     * (during the load): the same unit, so 1 means the processor kept up.
     */
    public static double paidOverAckedOrders(PhaseSummary capacity) {
        return capacity.ackedOrdersPerSecond() == 0 ? 0
                : round3(capacity.paidPerSecond() / capacity.ackedOrdersPerSecond());
    }

    private static <T> Spread spread(List<T> repeats, ToDoubleFunction<T> figure) {
        return Spread.of(repeats.stream().map(r -> figure.applyAsDouble(r)).toList());
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

}
