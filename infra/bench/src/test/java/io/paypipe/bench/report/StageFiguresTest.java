package io.paypipe.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StageFiguresTest {

    static StageCycle cycle(String label, double deliveriesPerSecond, double paymentsPerSecond,
            double shipmentsPerSecond, double grantsPerSecond, boolean exact) {
        return new StageCycle(label, 1_000, 1_100,
                new StageCycle.Ingress(32, 1_100, 1_100, 1_000, 1_000, deliveriesPerSecond, deliveriesPerSecond / 1.1,
                        new Latency(1_100, 4, 20, 30, 40), Map.of(), 1.5),
                new StageCycle.Processor(1_000, 500, paymentsPerSecond, 0.8),
                new StageCycle.Downstream(1_000, 300, shipmentsPerSecond, 1_000, 250, grantsPerSecond, 0.2), 10, exact,
                Map.of("orders", 1_000L));
    }

    @Test
    void givenAnOddNumberOfRepeats_thenTheMedianIsTheMiddleValueAndTheSpreadTheirRange() {
        Spread s = Spread.of(List.of(3_000.0, 1_000.0, 2_000.0));

        assertThat(s.median()).isEqualTo(2_000.0);
        assertThat(s.min()).isEqualTo(1_000.0);
        assertThat(s.max()).isEqualTo(3_000.0);
        assertThat(s.values()).containsExactly(3_000.0, 1_000.0, 2_000.0);
    }

    @Test
    void givenAnEvenNumberOfRepeats_thenTheMedianIsTheMeanOfTheMiddleTwo() {
        assertThat(Spread.of(List.of(4.0, 1.0, 3.0, 10.0)).median()).isEqualTo(3.5);
        assertThat(Spread.of(List.of(7.0)).median()).isEqualTo(7.0);
        assertThatThrownBy(() -> Spread.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void givenARateTarget_thenTheRatioIsTheMedianOverTheTargetAndMetOnlyAtOrAboveIt() {
        StageFigure.Target atLeast1500 = StageFigure.Target.atLeast(1_500, ">= 1,500/s");

        StageFigure below = StageFigure.of("processor drain", "payments/s", Spread.of(List.of(700.0, 750.0, 2_000.0)),
                Optional.of(atLeast1500), Optional.empty());
        StageFigure above = StageFigure.of("processor drain", "payments/s",
                Spread.of(List.of(1_000.0, 1_500.0, 1_600.0)), Optional.of(atLeast1500), Optional.empty());

        assertThat(below.ratio()).isEqualTo(0.5);
        assertThat(below.met()).isFalse();
        assertThat(above.ratio()).isEqualTo(1.0);
        assertThat(above.met()).isTrue();
    }

    @Test
    void givenALatencyTargetForEveryRepeat_thenTheWorstRepeatIsJudged() {
        StageFigure.Target p99 = StageFigure.Target.atMostEachRepeat(200, "<= 200 ms in every repeat");

        StageFigure oneSlow = StageFigure.of("whole pipeline", "p99 ms", Spread.of(List.of(90.0, 100.0, 300.0)),
                Optional.of(p99), Optional.empty());
        StageFigure allFast = StageFigure.of("whole pipeline", "p99 ms", Spread.of(List.of(90.0, 100.0, 200.0)),
                Optional.of(p99), Optional.empty());

        assertThat(oneSlow.ratio()).isEqualTo(1.5);
        assertThat(oneSlow.met()).isFalse();
        assertThat(allFast.met()).isTrue();
    }

    @Test
    void givenThreeCyclesAndThreePipelineRepeats_thenEveryStageHasItsMedianAgainstItsTarget() {
        List<StageCycle> cycles = List.of(cycle("stage cycle 1", 2_000, 1_400, 3_500, 2_900, true),
                cycle("stage cycle 2", 3_000, 1_800, 4_000, 3_100, true),
                cycle("stage cycle 3", 2_600, 1_600, 3_000, 3_300, true));
        List<StagesSummary.PipelineRepeat> pipeline = List.of(repeat(1, 1_000, 950), repeat(2, 1_000, 850),
                repeat(3, 1_000, 900));
        List<PhaseSummary> at75 = pipeline.stream().map(r -> r.ladder().get(0)).toList();

        List<StageFigure> rows = StageFigures.of(cycles, 6_000, pipeline, at75);

        assertThat(row(rows, "ingress alone", "deliveries acked/s").measured().median()).isEqualTo(2_600);
        assertThat(row(rows, "ingress alone", "deliveries acked/s").ratio()).isEqualTo(1.04);
        assertThat(row(rows, "ingress alone", "deliveries acked/s over the JDBC floor").measured().median())
            .isEqualTo(0.433);
        assertThat(row(rows, "ingress alone", "deliveries acked/s").cpuMsPerUnit()).get()
            .extracting(Spread::median)
            .isEqualTo(1.5);
        assertThat(row(rows, "processor drain", "payments/s").measured().median()).isEqualTo(1_600);
        assertThat(row(rows, "processor drain", "payments/s").met()).isTrue();
        assertThat(row(rows, "downstream drain, warehouse (shipment)", "events/s").measured().median())
            .isEqualTo(3_500);
        assertThat(row(rows, "downstream drain, points (points_grant)", "events/s").measured().median())
            .isEqualTo(3_100);
        StageFigure paidOverAcked = row(rows, "whole pipeline at capacity", "orders paid/s over orders acked/s");
        assertThat(paidOverAcked.measured().median()).isEqualTo(0.9);
        assertThat(paidOverAcked.measured().min()).isEqualTo(0.85);
        assertThat(paidOverAcked.met()).isTrue();
        StageFigure endToEnd = row(rows, "whole pipeline at 75 % of capacity", "send->OrderPaid p99 ms");
        assertThat(endToEnd.measured().max()).isEqualTo(220);
        assertThat(endToEnd.ratio()).isEqualTo(1.1);
        assertThat(endToEnd.met()).isFalse();
    }

    @Test
    void givenNoStepAt75Percent_thenThereIsNoEndToEndRow() {
        List<StageFigure> rows = StageFigures.of(List.of(cycle("c", 1, 1, 1, 1, true)), 0, List.of(), List.of());

        assertThat(rows).extracting(StageFigure::stage).doesNotContain("whole pipeline at 75 % of capacity");
        assertThat(rows).extracting(StageFigure::unit).doesNotContain("deliveries acked/s over the JDBC floor");
    }

    static StagesSummary.PipelineRepeat repeat(int r, double ackedOrdersPerSecond, double paidPerSecond) {
        PhaseSummary capacity = withOrders(
                ReportWriterTest.phase("pipeline, concurrency 32, repeat " + r, "pipeline", 32, 0, true),
                ackedOrdersPerSecond, paidPerSecond);
        PhaseSummary p = ReportWriterTest.phase("pipeline, 750/s (75%), repeat " + r, "pipeline", 750, 0, true);
        PhaseSummary step = new PhaseSummary(p.label(), p.system(), p.mode(), p.load(), 0, p.sent(), p.accepted(),
                p.acceptedPerSecond(), p.paidPerSecond(), p.ack(), p.shareWithinBudget(), p.errors(),
                new Latency(100, 50, 100 + 40 * r, 190, 195), true, p.effects(), 1, 1, 1, 700, 2);
        return new StagesSummary.PipelineRepeat(r, capacity, List.of(step));
    }

    static PhaseSummary withOrders(PhaseSummary p, double ackedOrdersPerSecond, double paidPerSecond) {
        return new PhaseSummary(p.label(), p.system(), p.mode(), p.load(), p.downstreamDelayMs(), p.sent(),
                p.accepted(), p.acceptedPerSecond(), paidPerSecond, p.ack(), p.shareWithinBudget(), p.errors(),
                p.endToEnd(), p.exact(), p.effects(), p.productCpuMsPerAck(), p.driverCpuMsPerAck(), p.coresBusy(),
                ackedOrdersPerSecond, 2.5);
    }

    private static StageFigure row(List<StageFigure> rows, String stage, String unit) {
        return rows.stream().filter(r -> r.stage().equals(stage) && r.unit().equals(unit)).findFirst().orElseThrow();
    }

}
