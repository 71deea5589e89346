package io.paypipe.reconcile.recon.batch;

import static io.paypipe.reconcile.recon.ReconBills.DAY;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static io.paypipe.reconcile.support.Rows.now;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.ReconBills;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.batch.BillRun.Launch;
import io.paypipe.reconcile.support.ReconIntegrationBase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run-number rule of {@code recon_batch} (V12): T+1 and T+3 run once unless blocked
 * or dead, RERUN always anew, and a day started several times at once is one batch.
 */
class RunNumbersIntegrationTest extends ReconIntegrationBase {

    @TempDir
    Path dir;

    private String merchant;

    private Path complete;

    private Path noSummary;

    @BeforeEach
    void bills() {
        merchant = newMerchant();
        ReconBills bills = new ReconBills(dir);
        complete = bills.write("all.csv", ReconBills.wechatAll(merchant));
        noSummary = bills.write("no-summary.csv", ReconBills.wechatWithoutSummary(merchant));
    }

    @Test
    void givenTheDaysT1Finished_whenT1IsStartedAgain_thenItJoinsTheSameBatch() {
        comparisonFinds(3, 0, Map.of());
        Batch first = runToEnd(request(RunKind.T_PLUS_1, complete));

        Launch again = billRun.start(request(RunKind.T_PLUS_1, complete));

        assertThat(first.status()).isEqualTo(BatchStatus.CLEAN);
        assertThat(again.started()).isFalse();
        assertThat(again.batch().id()).isEqualTo(first.id());
        assertThat(batchesOfTheDay(RunKind.T_PLUS_1)).isOne();
    }

    @Test
    void givenTheDaysT1Blocked_whenT1IsStartedAgain_thenItRunsAsRunOne() {
        Batch blocked = runToEnd(request(RunKind.T_PLUS_1, noSummary));
        comparisonFinds(3, 0, Map.of());

        Launch again = billRun.start(request(RunKind.T_PLUS_1, complete));

        assertThat(blocked.status()).isEqualTo(BatchStatus.BLOCKED);
        assertThat(blocked.runNo()).isZero();
        assertThat(again.started()).isTrue();
        assertThat(again.batch().runNo()).isOne();
        assertThat(awaitFinished(again.batch().id()).status()).isEqualTo(BatchStatus.CLEAN);
    }

    @Test
    void givenACleanDay_whenItIsRerunTwice_thenEachRerunIsANewBatchWithTheNextNumber() {
        comparisonFinds(3, 0, Map.of());
        runToEnd(request(RunKind.T_PLUS_1, complete));

        Batch rerun = runToEnd(request(RunKind.RERUN, complete));
        Batch second = runToEnd(request(RunKind.RERUN, complete));

        assertThat(List.of(rerun.runNo(), second.runNo())).containsExactly(0, 1);
        assertThat(second.id()).isNotEqualTo(rerun.id());
        assertThat(batchesOfTheDay(RunKind.RERUN)).isEqualTo(2);
    }

    @Test
    void givenTheSameDayStartedFourTimesAtOnce_whenTheStartsRace_thenThereIsOneBatchAndEveryCallerSeesIt()
            throws Exception {
        comparisonFinds(3, 0, Map.of());
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService callers = Executors.newFixedThreadPool(4);
        try {
            List<Future<Launch>> launches = IntStream.range(0, 4).mapToObj((i) -> callers.submit(() -> {
                go.await();
                return billRun.start(request(RunKind.T_PLUS_1, complete));
            })).toList();

            go.countDown();

            List<Launch> seen = launches.stream().map(RunNumbersIntegrationTest::get).toList();
            assertThat(seen).extracting((l) -> l.batch().id()).containsOnly(seen.get(0).batch().id());
            assertThat(seen).filteredOn(Launch::started).hasSize(1);
            assertThat(batchesOfTheDay(RunKind.T_PLUS_1)).isOne();
            assertThat(awaitFinished(seen.get(0).batch().id()).status()).isEqualTo(BatchStatus.CLEAN);
        }
        finally {
            callers.shutdownNow();
        }
    }

    @Test
    void givenARunningBatchOlderThanStaleAfter_whenTheDayIsStarted_thenTheDeadOneIsBlockedAndANewRunStarts() {
        long dead = insertBatch(Channel.WECHATPAY, merchant, DAY, RunKind.T_PLUS_1, 0, BatchStatus.RUNNING, 0,
                now().minus(Duration.ofSeconds(60)));
        comparisonFinds(3, 0, Map.of());

        Launch launch = billRun.start(request(RunKind.T_PLUS_1, complete));

        assertThat(launch.started()).isTrue();
        assertThat(launch.batch().runNo()).isOne();
        Batch deadNow = batches.find(dead).orElseThrow();
        assertThat(deadNow.status()).isEqualTo(BatchStatus.BLOCKED);
        assertThat(deadNow.reasons().orElseThrow()).startsWith("FAILED: RUNNING since").contains("the run died");
        assertThat(alerts("RECON_BLOCKED", dead)).isOne();
        assertThat(awaitFinished(launch.batch().id()).status()).isEqualTo(BatchStatus.CLEAN);
    }

    @Test
    void givenARunningBatchYoungerThanStaleAfter_whenTheDayIsStarted_thenTheCallerJoinsIt() {
        long running = insertBatch(Channel.WECHATPAY, merchant, DAY, RunKind.T_PLUS_1, 0, BatchStatus.RUNNING, 0,
                now().minus(Duration.ofSeconds(2)));

        Launch launch = billRun.start(request(RunKind.T_PLUS_1, complete));

        assertThat(launch.started()).isFalse();
        assertThat(launch.batch().id()).isEqualTo(running);
        assertThat(batches.find(running).orElseThrow().status()).isEqualTo(BatchStatus.RUNNING);
        assertThat(batchesOfTheDay(RunKind.T_PLUS_1)).isOne();
    }

    private RunRequest request(RunKind kind, Path file) {
        return wechatImport(merchant, DAY, kind, file, Optional.empty());
    }

    private long batchesOfTheDay(RunKind kind) {
        return jdbc.sql("""
                SELECT COUNT(*) FROM recon_batch
                 WHERE channel = 'wechatpay' AND merchant_id = :merchant AND bill_day = :day AND run_kind = :kind
                """)
            .param("merchant", merchant)
            .param("day", DAY)
            .param("kind", kind.code())
            .query(Long.class)
            .single();
    }

    private static Launch get(Future<Launch> launch) {
        try {
            return launch.get();
        }
        catch (Exception ex) {
            throw new AssertionError(ex);
        }
    }

}
