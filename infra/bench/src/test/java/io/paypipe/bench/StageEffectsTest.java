package io.paypipe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.bench.load.AckStats;
import io.paypipe.bench.product.ExactnessCheck;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class StageEffectsTest {

    private static AckStats acks(long sent, Map<String, Long> errors) {
        long errorCount = errors.values().stream().mapToLong(Long::longValue).sum();
        return new AckStats(sent, sent - errorCount, sent - errorCount, errors, 1_000, new Histogram(3));
    }

    private static ExactnessCheck.Verdict verdict(long orders) {
        return new ExactnessCheck.Verdict(orders, orders, 0, orders, 0, 0, orders, 0, 0, orders, 0, 0);
    }

    /** A cycle of 100 orders and 110 deliveries whose every stage did what it should. */
    private static StageEffects exactCycle() {
        StageEffects e = new StageEffects(100, 110);
        e.ingress(acks(110, Map.of()), 100, 100, 0, 0);
        e.processorDrain(true, 0);
        e.downstreamDrain(true, 100, 0);
        return e;
    }

    @Test
    void givenEveryStageDidItsWorkAlone_thenTheCycleIsExact() {
        StageEffects e = exactCycle();
        e.exactness(verdict(100));

        assertThat(e.exact()).isTrue();
        assertThat(e.counts()).containsEntry("ackedOrders", 100L)
            .containsEntry("pointsGrants", 100L)
            .containsEntry("paidWhileProcessorPaused", 0L);
    }

    @Test
    void givenOrdersPaidWhileTheProcessorWasPaused_thenIngressWasNotAloneAndTheCycleFails() {
        StageEffects e = new StageEffects(100, 110);
        e.ingress(acks(110, Map.of()), 100, 100, 0, 3);
        e.processorDrain(true, 0);
        e.downstreamDrain(true, 100, 0);
        e.exactness(verdict(100));

        assertThat(e.exact()).isFalse();
    }

    @Test
    void givenAnErrorAnswer_thenTheCycleFails() {
        StageEffects e = new StageEffects(100, 110);
        e.ingress(acks(110, Map.of("http_500", 1L)), 100, 100, 0, 0);

        assertThat(e.exact()).isFalse();
    }

    @Test
    void givenShipmentsWhileDownstreamWasPaused_thenTheCycleFails() {
        StageEffects e = new StageEffects(100, 110);
        e.ingress(acks(110, Map.of()), 100, 100, 0, 0);
        e.processorDrain(true, 1);

        assertThat(e.exact()).isFalse();
    }

    @Test
    void givenADrainThatDidNotFinishOrAnOrderGrantedTwice_thenTheCycleFails() {
        StageEffects timedOut = new StageEffects(100, 110);
        timedOut.ingress(acks(110, Map.of()), 100, 100, 0, 0);
        timedOut.processorDrain(false, 0);
        StageEffects twice = new StageEffects(100, 110);
        twice.ingress(acks(110, Map.of()), 100, 100, 0, 0);
        twice.processorDrain(true, 0);
        twice.downstreamDrain(true, 101, 1);

        assertThat(timedOut.exact()).isFalse();
        assertThat(twice.exact()).isFalse();
    }

    @Test
    void givenAMissingRawRowOrALedgerThatIsNotExact_thenTheCycleFails() {
        StageEffects missingRaw = new StageEffects(100, 110);
        missingRaw.ingress(acks(110, Map.of()), 100, 99, 0, 0);
        StageEffects ledger = exactCycle();
        ledger.exactness(new ExactnessCheck.Verdict(100, 100, 0, 101, 1, 0, 100, 0, 0, 100, 0, 0));

        assertThat(missingRaw.exact()).isFalse();
        assertThat(ledger.exact()).isFalse();
    }

}
