package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class JitCompilationTest {

    @Test
    void readsTheCompilationTimeFromThePrometheusPage() {
        // Given a scrape with the metric among others
        String page = """
                # HELP jvm_compilation_time_ms_total The approximate accumulated elapsed time spent in compilation
                # TYPE jvm_compilation_time_ms_total counter
                jvm_compilation_time_ms_total{compiler="HotSpot 64-Bit Tiered Compilers"} 198050.0
                jvm_compilation_time_ms_totalish 5.0
                jvm_gc_pause_seconds_count{action="end of minor GC"} 12
                """;

        // When it is read, then only that metric's value counts
        assertThat(JitCompilation.parse(page)).hasValue(198050.0);
    }

    @Test
    void readsNothingFromAPageWithoutTheMetric() {
        assertThat(JitCompilation.parse("jvm_gc_pause_seconds_count 12\n")).isEmpty();
    }

    @Test
    void givesTheCompilationTimeAsAShareOfTheWallTime() {
        assertThat(JitCompilation.percentOf(OptionalDouble.of(1_000), OptionalDouble.of(4_000), 60_000)).hasValue(5.0);
        assertThat(JitCompilation.percentOf(OptionalDouble.empty(), OptionalDouble.of(4_000), 60_000)).isEmpty();
    }

}
