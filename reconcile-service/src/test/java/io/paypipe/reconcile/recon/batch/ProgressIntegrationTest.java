package io.paypipe.reconcile.recon.batch;

import static io.paypipe.reconcile.recon.ReconBills.DAY;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.reconcile.bill.wechatpay.GeneratedBill;
import io.paypipe.reconcile.bill.wechatpay.WechatBillParser;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.ReconBills;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.batch.RunProgress.Phase;
import io.paypipe.reconcile.recon.batch.RunProgress.Progress;
import io.paypipe.reconcile.recon.diff.DiffCounts;
import io.paypipe.reconcile.support.ReconIntegrationBase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A generated WeChat bill of {@value #ROWS} lines imported while its progress is watched:
 * rows read grow, the rate is positive, the time left is estimated from the bytes. The
 * speed (rows per second of the reading, lines stored included) is measured and logged,
 * not asserted: {@code grep 'recon speed' target/surefire-reports/*-output.txt} or the
 * console.
 */
class ProgressIntegrationTest extends ReconIntegrationBase {

    static final int ROWS = 200_000;

    private static final Logger log = LoggerFactory.getLogger(ProgressIntegrationTest.class);

    @TempDir
    Path dir;

    @Test
    void givenALargeGeneratedBill_whenItIsRead_thenItsProgressShowsRowsGrowingAtAPositiveRate() throws Exception {
        // Given a 200 000-line bill, and a comparison that notes the figures the reading
        // ended with
        String merchant = newMerchant();
        Path file = new ReconBills(dir).generated("generated.csv", ROWS, merchant);
        AtomicReference<Progress> atComparison = new AtomicReference<>();
        comparisonAnswers((scope) -> {
            atComparison.set(progress.of(scope.batchId()).orElseThrow());
            return new DiffCounts(ROWS, 0, 0, Map.of());
        });

        // When it is imported
        long started = System.nanoTime();
        long id = billRun.start(wechatImport(merchant, DAY, RunKind.T_PLUS_1, file, Optional.empty())).batch().id();

        // Then while it is read, the rows read grow at a positive rate, with a time left
        Progress early = await().atMost(WAIT)
            .pollInterval(Duration.ofMillis(5))
            .until(() -> progress.of(id).orElseThrow(), (p) -> p.phase() == Phase.READING && p.rowsRead() > 0);
        Progress later = await().atMost(WAIT)
            .pollInterval(Duration.ofMillis(5))
            .until(() -> progress.of(id).orElseThrow(), (p) -> p.rowsRead() > early.rowsRead());
        assertThat(early.rowsPerSecond()).isPositive();
        assertThat(early.length()).contains(Files.size(file));
        assertThat(early.bytesRead()).isPositive().isLessThanOrEqualTo(Files.size(file));
        assertThat(early.secondsLeft()).isPresent();
        assertThat(later.bytesRead()).isGreaterThanOrEqualTo(early.bytesRead());
        Batch batch = awaitFinished(id);
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertThat(batch.status()).isEqualTo(BatchStatus.CLEAN);
        assertThat(batch.rowsRead()).isEqualTo(ROWS);
        assertThat(storedLines(id)).isEqualTo(ROWS);
        assertThat(atComparison.get().phase()).isEqualTo(Phase.COMPARING);
        assertThat(atComparison.get().rowsRead()).isEqualTo(ROWS);
        assertThat(progress.of(id)).as("figures go with the run").isEmpty();
        log.info(
                "recon speed: {} lines ({} bytes) imported at {} rows/s (read, parsed and stored); the batch took {} ms "
                        + "from its start to its end; the parser alone reads {} rows/s",
                ROWS, Files.size(file), atComparison.get().rowsPerSecond(), tookMillis, parserAlone());
    }

    /** Rows per second of the parser alone on the same bill, for comparison. */
    private static long parserAlone() throws Exception {
        long began = System.nanoTime();
        new WechatBillParser().parse(new GeneratedBill(ROWS), (line) -> {
        });
        return ROWS * 1_000_000_000L / Math.max(1, System.nanoTime() - began);
    }

}
