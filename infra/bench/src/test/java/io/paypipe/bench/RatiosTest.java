package io.paypipe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.bench.report.FloorSummary;
import io.paypipe.bench.report.Latency;
import io.paypipe.bench.report.PhaseSummary;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RatiosTest {

    private static PhaseSummary capacity(double deliveriesPerSecond, double ackedOrdersPerSecond,
            double paidPerSecond) {
        Latency none = new Latency(0, 0, 0, 0, 0);
        return new PhaseSummary("pipeline, concurrency 32", "pipeline", "concurrency", 32, 0, 1_000, 1_000,
                deliveriesPerSecond, paidPerSecond, none, 1, Map.of(), none, true, Map.of(), 2, 1, 1.9,
                ackedOrdersPerSecond, 3);
    }

    @Test
    void givenThreeRepeats_thenTheHeadlineIsTheMedianCapacityAndPaidOverAckedCountsOrdersOverOrders() {
        // Given three repeats: 1,100 deliveries/s are 1,000 orders/s (10 % duplicates)
        List<PhaseSummary> repeats = List.of(capacity(1_300, 1_180, 1_062), capacity(1_100, 1_000, 900),
                capacity(1_200, 1_090, 1_090));
        List<FloorSummary> floors = List.of(new FloorSummary("jdbc", 32, 1, 0, 6_000, new Latency(1, 1, 1, 1, 1)));

        // When the headline ratios are made
        Map<String, Double> r = Ratios.of(floors, repeats, List.of(), List.of());

        // Then the capacity is the middle repeat's, and paid over acked divides orders by
        // orders (the median of 0.9, 0.9 and 1.0), not by deliveries
        assertThat(r).containsEntry("ingressAcceptedPerSecond", 1_200.0)
            .containsEntry("ingressOverLowerFloor", 0.2)
            .containsEntry("ordersAckedPerSecondAtCapacity", 1_090.0)
            .containsEntry("paidOverAckedOrders", 0.9)
            .doesNotContainKey("paidOverIngressAccepted");
    }

}
