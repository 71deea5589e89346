package io.paypipe.bench.product;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class GcPausesTest {

    // lines of the launcher's log (-Xlog:gc:file=...:time,level,tags) of 2026-12-06
    static List<String> log() {
        return List.of("[2026-12-06T12:05:20.101+0000][info][gc] Using G1",
                "[2026-12-06T12:05:47.698+0000][info][gc] GC(80) Pause Young (Normal) (G1 Evacuation Pause) 1166M->419M(1320M) 70.306ms",
                "[2026-12-06T12:07:35.428+0000][info][gc] GC(88) Pause Young (Normal) (G1 Evacuation Pause) 1151M->426M(1320M) 49.301ms",
                "[2026-12-06T12:07:38.256+0000][info][gc] GC(89) Pause Young (Mixed) (G1 Evacuation Pause) 1164M->399M(1320M) 96.606ms",
                "[2026-12-06T12:07:40.100+0000][info][gc] GC(90) Pause Young (Concurrent Start) (G1 Humongous Allocation) 1000M->420M(1320M) 40.918ms",
                "[2026-12-06T12:07:40.300+0000][info][gc] GC(91) Concurrent Mark Cycle",
                "[2026-12-06T12:07:41.488+0000][info][gc] GC(91) Pause Remark 980M->900M(1320M) 22.716ms",
                "[2026-12-06T12:07:41.613+0000][info][gc] GC(91) Pause Cleanup 910M->910M(1320M) 0.096ms",
                "[2026-12-06T12:07:41.617+0000][info][gc] GC(91) Concurrent Mark Cycle 447.489ms",
                "[2026-12-06T12:07:50.000+0000][info][gc] GC(92) Pause Young (Normal) (G1 Evacuation Pause) 1166M->420M(1320M) 41.577ms");
    }

    @Test
    void countsThePausesThatEndedWithinThePhaseAndNotTheConcurrentCycle() {
        // Given a phase from 12:07:30 to 12:07:45
        Instant from = Instant.parse("2026-12-06T12:07:30Z");
        Instant to = Instant.parse("2026-12-06T12:07:45Z");

        // When its pauses are read from the log
        GcPauses pauses = GcPauses.of(log(), from, to).orElseThrow();

        // Then the two young, the humongous start, the remark and the cleanup count; the
        // concurrent cycle (447 ms, no thread stopped) and the pauses outside do not
        assertThat(pauses.count()).isEqualTo(5);
        assertThat(pauses.totalMillis()).isCloseTo(49.301 + 96.606 + 40.918 + 22.716 + 0.096,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(pauses.maxMillis()).isEqualTo(96.606);
        assertThat(pauses.describe()).isEqualTo("5 pauses, 210 ms, longest 96.6 ms");
    }

    @Test
    void aPhaseWithoutAPauseIsZeroWhenTheLogCoversIt() {
        // Given a phase the log covers, between two pauses
        Instant from = Instant.parse("2026-12-06T12:06:00Z");
        Instant to = Instant.parse("2026-12-06T12:07:00Z");

        // When / Then it is read as no pause at all
        assertThat(GcPauses.of(log(), from, to)).contains(new GcPauses(0, 0, 0));
        assertThat(new GcPauses(0, 0, 0).describe()).isEqualTo("no pause");
        assertThat(new GcPauses(1, 32.04, 32.04).describe()).isEqualTo("1 pause, 32 ms, longest 32.0 ms");
    }

    @Test
    void aLogThatDoesNotReachBackToThePhaseIsNotRead() {
        // Given a phase that began before the log's first line (a log of another JVM, or
        // one rotated away)
        Instant from = Instant.parse("2026-12-06T12:05:00Z");
        Instant to = Instant.parse("2026-12-06T12:08:00Z");

        // When / Then nothing is claimed, neither for it nor for an empty log
        assertThat(GcPauses.of(log(), from, to)).isEmpty();
        assertThat(GcPauses.of(List.of(), from, to)).isEmpty();
        assertThat(GcPauses.of(List.of("not a log line", "[garbage] GC(1) Pause Young 1.0ms"), from, to)).isEmpty();
    }

    @Test
    void aLogOfACollectorWhosePausesItDoesNotHoldIsNotRead() {
        // Given a phase the log covers, but the log of ZGC, which writes its pauses under
        // gc+phases, and a log that never names its collector
        Instant from = Instant.parse("2026-12-06T12:07:30Z");
        Instant to = Instant.parse("2026-12-06T12:07:45Z");
        List<String> zgc = List.of("[2026-12-06T12:05:20.101+0000][info][gc] Using The Z Garbage Collector",
                "[2026-12-06T12:07:35.428+0000][info][gc] GC(88) Minor Collection (Allocation Rate) 1151M(9%)->426M(3%) 0.049s");
        List<String> unnamed = log().subList(1, log().size());

        // When / Then neither is read as "no pause" nor as the G1 log's pauses
        assertThat(GcPauses.of(zgc, from, to)).isEmpty();
        assertThat(GcPauses.of(unnamed, from, to)).isEmpty();
        assertThat(GcPauses.of(log(), from, to)).isPresent();
    }

}
