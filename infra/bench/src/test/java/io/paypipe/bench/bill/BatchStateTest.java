package io.paypipe.bench.bill;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BatchStateTest {

    /** A running batch as reconcile-service's README shows it. */
    static final String RUNNING = """
            {"id":17,"channel":"wechatpay","merchantId":"1900000109","day":"2026-11-29","kind":"T+1","runNo":0,
             "source":"IMPORT","status":"RUNNING","reasons":[],"rowsRead":0,"billBytes":0,"payments":0,"refunds":0,
             "fees":0,"summaryLines":null,"summaryPaidMinor":null,"summaryRefundedMinor":null,"currency":null,
             "compared":0,"diffsOpen":0,"diffsResolved":0,"openByCategory":{},"confirmedBy":null,
             "startedAt":"2026-12-01T02:30:04Z","finishedAt":null,
             "progress":{"phase":"READING","rowsRead":120000,"bytesRead":24412672,"length":40689463,
                         "rowsPerSecond":21000,"secondsLeft":3}}
            """;

    static final String FINISHED = """
            {"id":17,"status":"DIFFS","reasons":[],"rowsRead":200000,"billBytes":40689463,"compared":200000,
             "diffsOpen":2,"openByCategory":{"AMOUNT":1,"CHANNEL_ONLY":1},"startedAt":"2026-12-01T02:30:04Z",
             "finishedAt":"2026-12-01T02:30:13Z","progress":null}
            """;

    @Test
    void readsTheProgressOfARunningBatch() {
        BatchState s = BatchState.parse(RUNNING);

        assertThat(s.running()).isTrue();
        assertThat(s.phaseOrStatus()).isEqualTo("READING");
        assertThat(s.progress()).contains(new BatchState.Progress("READING", 120_000, 24_412_672, 21_000));
        assertThat(s.startedAt()).contains("2026-12-01T02:30:04Z");
        assertThat(s.finishedAt()).isEmpty();
    }

    @Test
    void readsTheCountersOfAFinishedBatch() {
        BatchState s = BatchState.parse(FINISHED);

        assertThat(s.running()).isFalse();
        assertThat(s.phaseOrStatus()).isEqualTo("DIFFS");
        assertThat(s.progress()).isEmpty();
        assertThat(s.rowsRead()).isEqualTo(200_000);
        assertThat(s.billBytes()).isEqualTo(40_689_463);
        assertThat(s.compared()).isEqualTo(200_000);
        assertThat(s.diffsOpen()).isEqualTo(2);
        assertThat(s.openByCategory()).containsEntry("AMOUNT", 1L).containsEntry("CHANNEL_ONLY", 1L);
        assertThat(s.finishedAt()).contains("2026-12-01T02:30:13Z");
    }

    @Test
    void readsTheReasonsOfABlockedBatch() {
        BatchState s = BatchState.parse("""
                {"status":"BLOCKED","reasons":["DROP: 10 lines, 5 % of 200"],"progress":null}
                """);

        assertThat(s.reasons()).containsExactly("DROP: 10 lines, 5 % of 200");
    }

}
