package io.paypipe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class JitWarmUpTest {

    /**
     * Cycles of 60 s each (a fake clock moved by the cycle), in which the JIT compiles
     * the given ms; the cycles run are recorded.
     */
    private static final class Scripted implements JitWarmUp.Cycle {

        final List<String> ran = new ArrayList<>();

        final Deque<Double> compiledPerCycle;

        long nanos;

        double compiled = 1_000;

        boolean readable = true;

        boolean exact = true;

        Scripted(Double... compiledPerCycle) {
            this.compiledPerCycle = new ArrayDeque<>(List.of(compiledPerCycle));
        }

        @Override
        public boolean run(String label, int orders) {
            ran.add(label + ": " + orders);
            nanos += 60_000_000_000L;
            compiled += compiledPerCycle.removeFirst();
            return exact;
        }

        OptionalDouble jit() {
            return readable ? OptionalDouble.of(compiled) : OptionalDouble.empty();
        }

        JitWarmUp.Result warmUp(StringBuilder console) {
            return warmUp("stage warm-up", console);
        }

        JitWarmUp.Result warmUp(String name, StringBuilder console) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            JitWarmUp.Result result = JitWarmUp.run(name, 100_000, 50_000, this, this::jit, () -> nanos,
                    new PrintStream(bytes, true, StandardCharsets.UTF_8));
            console.append(bytes.toString(StandardCharsets.UTF_8));
            return result;
        }

    }

    @Test
    void warmsUpAgainWhileTheJitStillCompiles() {
        // Given a JIT that compiles for 12 s, then 6 s, then 1.2 s of 60 s cycles
        Scripted cycles = new Scripted(12_000.0, 6_000.0, 1_200.0, 600.0);

        // When the warm-up runs
        StringBuilder console = new StringBuilder();
        JitWarmUp.Result result = cycles.warmUp(console);

        // Then it stops after the first cycle at or below 5 %, the later ones of the
        // stage
        // cycles' size
        assertThat(cycles.ran).containsExactly("stage warm-up 1 (not reported): 100000",
                "stage warm-up 2 (not reported): 50000", "stage warm-up 3 (not reported): 50000");
        assertThat(result.jitPercent()).containsExactly(20.0, 10.0, 2.0);
        assertThat(result.cycles()).isEqualTo(3);
        assertThat(result.orders()).isEqualTo(200_000);
        assertThat(result.exact()).isTrue();
        assertThat(console).contains("stage warm-up 2: the JIT compiled for 10.0 % of its 60000 ms: one more",
                "stage warm-up 3: the JIT compiled for 2.0 % of its 60000 ms: settled");
    }

    @Test
    void namesTheCyclesOfThePipelinesWarmUpAsItsOwn() {
        // Given a pipeline whose JIT settles in its second round
        Scripted rounds = new Scripted(9_000.0, 1_800.0);

        // When its warm-up runs
        StringBuilder console = new StringBuilder();
        JitWarmUp.Result result = rounds.warmUp("pipeline warm-up", console);

        // Then its rounds are labelled as unreported pipeline warm-up rounds
        assertThat(rounds.ran).containsExactly("pipeline warm-up 1 (not reported): 100000",
                "pipeline warm-up 2 (not reported): 50000");
        assertThat(result.cycles()).isEqualTo(2);
        assertThat(result.jitPercent()).containsExactly(15.0, 3.0);
        assertThat(console).contains("pipeline warm-up 1: the JIT compiled for 15.0 % of its 60000 ms: one more",
                "pipeline warm-up 2: the JIT compiled for 3.0 % of its 60000 ms: settled");
    }

    @Test
    void stopsAfterTheLastCycleAllowedAndSaysItDidNotSettle() {
        Scripted cycles = new Scripted(9_000.0, 9_000.0, 9_000.0, 9_000.0, 9_000.0);

        StringBuilder console = new StringBuilder();
        JitWarmUp.Result result = cycles.warmUp(console);

        assertThat(cycles.ran).hasSize(JitWarmUp.MAX_CYCLES);
        assertThat(result.jitPercent()).hasSize(JitWarmUp.MAX_CYCLES).allMatch(p -> p == 15.0);
        assertThat(console).contains("not settled after 4 cycles; measuring anyway");
    }

    @Test
    void warmsUpOnceWhenTheJitCannotBeRead() {
        Scripted cycles = new Scripted(30_000.0, 30_000.0);
        cycles.readable = false;

        JitWarmUp.Result result = cycles.warmUp(new StringBuilder());

        assertThat(cycles.ran).hasSize(1);
        assertThat(result.cycles()).isEqualTo(1);
        assertThat(result.jitPercent()).isEmpty();
        assertThat(result.orders()).isEqualTo(100_000);
    }

    @Test
    void aWarmUpCycleWithWrongEffectsMakesTheWarmUpNotExact() {
        Scripted cycles = new Scripted(30_000.0, 600.0);
        cycles.exact = false;

        assertThat(cycles.warmUp(new StringBuilder()).exact()).isFalse();
    }

}
