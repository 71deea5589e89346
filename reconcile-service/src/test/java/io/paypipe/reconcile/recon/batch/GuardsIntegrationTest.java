package io.paypipe.reconcile.recon.batch;

import static io.paypipe.reconcile.recon.ReconBills.DAY;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static io.paypipe.reconcile.support.Rows.now;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import io.paypipe.core.event.OpsAlertRaised;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.ReconBills;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.diff.BatchScope;
import io.paypipe.reconcile.recon.diff.Category;
import io.paypipe.reconcile.support.ReconIntegrationBase;
import io.paypipe.reconcile.support.TopicRecords;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.dao.DataAccessResourceFailureException;

/**
 * Each guard end to end through the runner: a WeChat bill file imported (IMPORT), read
 * into {@code recon_bill_line}, judged; a blocked batch never reaches the comparison, has
 * its reasons in {@code recon_batch} and one RECON_BLOCKED alert, stored and published.
 */
class GuardsIntegrationTest extends ReconIntegrationBase {

    private static TopicRecords<OpsAlertRaised> opsAlerts;

    @TempDir
    Path dir;

    private ReconBills bills;

    private String merchant;

    @BeforeAll
    static void openTopics() {
        opsAlerts = new TopicRecords<>(Topics.OPS_ALERT, bootstrapServers());
    }

    @AfterAll
    static void closeTopics() {
        opsAlerts.close();
    }

    @BeforeEach
    void merchant() {
        bills = new ReconBills(dir);
        merchant = newMerchant();
    }

    @Test
    void givenACompleteBill_whenRun_thenItsLinesAreStoredAndComparedAndTheBatchIsClean() {
        comparisonFinds(3, 0, Map.of());

        Batch batch = importWechat(ReconBills.wechatAll(merchant));

        assertThat(batch.status()).isEqualTo(BatchStatus.CLEAN);
        assertThat(batch.reasons()).isEmpty();
        assertThat(batch.rowsRead()).isEqualTo(3);
        assertThat(batch.payments()).isEqualTo(2);
        assertThat(batch.refunds()).isEqualTo(1);
        assertThat(batch.compared()).isEqualTo(3);
        assertThat(batch.summaryLines()).contains(3L);
        assertThat(batch.summaryPaidMinor()).contains(10011L);
        assertThat(batch.summaryRefundedMinor()).contains(2000L);
        assertThat(batch.currency()).contains("CNY");
        assertThat(batch.billBytes()).isPositive();
        assertThat(storedLines(batch.id())).isEqualTo(3);
        verify(diffFinder).compare(new BatchScope(batch.id(), Channel.WECHATPAY, merchant, DAY, batch.billDay().start(),
                batch.billDay().end()));
        assertThat(alerts("RECON_BLOCKED", batch.id())).isZero();
    }

    @Test
    void givenABillWithoutSummary_whenRun_thenItIsBlockedNoSummaryWithAnAlertStoredAndPublished() {
        Batch batch = importWechat(ReconBills.wechatWithoutSummary(merchant));

        assertBlocked(batch, "NO_SUMMARY: ");
        assertThat(batch.rowsRead()).isEqualTo(3);
        assertThat(opsAlerts.recordsFor("RECON_BLOCKED:" + batch.id())).singleElement().satisfies((r) -> {
            assertThat(r.value().kind()).isEqualTo(OpsAlertRaised.Kind.RECON_BLOCKED);
            assertThat(r.value().severity()).isEqualTo(OpsAlertRaised.Severity.ERROR);
            assertThat(r.value().merchantId()).isEqualTo(merchant);
            assertThat(r.value().channel()).isEqualTo("wechatpay");
            assertThat(r.value().message()).contains("batch " + batch.id()).contains("NO_SUMMARY");
        });
    }

    @Test
    void givenASummaryOfThreeTradesAndNoRow_whenRun_thenItIsBlockedRowsMissing() {
        Batch batch = importWechat(ReconBills.wechatSummaryWithoutRows());

        assertBlocked(batch, "ROWS_MISSING: no line read, the summary says 3");
        assertThat(batch.rowsRead()).isZero();
        assertThat(batch.summaryLines()).contains(3L);
    }

    @Test
    void givenASummaryCountingOneTradeMore_whenRun_thenItIsBlockedCountMismatch() {
        Batch batch = importWechat(ReconBills.wechatCountDisagrees(merchant));

        assertBlocked(batch, "COUNT_MISMATCH: 3 lines read, the summary says 4");
    }

    @Test
    void givenASummaryWhosePaidTotalDisagrees_whenRun_thenItIsBlockedTotalMismatch() {
        Batch batch = importWechat(ReconBills.wechatTotalDisagrees(merchant));

        assertBlocked(batch, "TOTAL_MISMATCH: paid total of the lines 10011, the summary says 10012");
    }

    @Test
    void givenADayFarBelowTheComparableDay_whenRun_thenItIsBlockedDropAndAConfirmedRerunPasses() {
        // Given the same weekday a week before read 100 lines
        insertBatch(Channel.WECHATPAY, merchant, DAY.minusDays(7), RunKind.T_PLUS_1, 0, BatchStatus.CLEAN, 100,
                now().minus(Duration.ofDays(6)));
        Path file = bills.write("all.csv", ReconBills.wechatAll(merchant));

        // When the day's 3 lines are reconciled
        Batch blocked = runToEnd(wechatImport(merchant, DAY, RunKind.T_PLUS_1, file, Optional.empty()));

        // Then the drop blocks it, until a person confirms it
        assertBlocked(blocked, "DROP: 3 lines against 100 on the comparable day");
        comparisonFinds(3, 0, Map.of());
        Batch confirmed = runToEnd(wechatImport(merchant, DAY, RunKind.T_PLUS_1, file, Optional.of("ops-anna")));
        assertThat(confirmed.id()).isNotEqualTo(blocked.id());
        assertThat(confirmed.runNo()).isEqualTo(1);
        assertThat(confirmed.status()).isEqualTo(BatchStatus.CLEAN);
        assertThat(confirmed.confirmedBy()).contains("ops-anna");
    }

    @Test
    void givenAnHtmlErrorPageInsteadOfTheBill_whenRun_thenItIsBlockedUnreadable() {
        Batch batch = importWechat(ReconBills.htmlErrorPage());

        assertBlocked(batch, "UNREADABLE: ");
        assertThat(batch.rowsRead()).isZero();
    }

    @Test
    void givenAGzipBillCutInHalf_whenRun_thenItIsBlockedUnreadable() {
        Path file = bills.write("cut.csv.gz", ReconBills.wechatTruncatedGzip(merchant));

        Batch batch = runToEnd(wechatImport(merchant, DAY, RunKind.T_PLUS_1, file, Optional.empty()));

        assertBlocked(batch, "UNREADABLE: ");
        assertThat(batch.reasons().orElseThrow()).contains("gzip stream is truncated");
    }

    @Test
    void givenTheBillOfAnotherDay_whenRun_thenItIsBlockedWrongDay() {
        Path file = bills.write("all.csv", ReconBills.wechatAll(merchant));

        Batch batch = runToEnd(wechatImport(merchant, DAY.plusDays(2), RunKind.T_PLUS_1, file, Optional.empty()));

        assertBlocked(batch, "WRONG_DAY: 3 of 3 lines outside wechatpay " + DAY.plusDays(2));
    }

    @Test
    void givenABillWithLinesOfAnotherMerchant_whenRun_thenItIsBlockedOtherMerchant() {
        Batch batch = importWechat(ReconBills.wechatAllWithAnotherMerchant(merchant));

        assertBlocked(batch, "OTHER_MERCHANT: 2 lines of another merchant than " + merchant
                + ", the first at line 2 (merchant 1900000201)");
    }

    @Test
    void givenASummaryOfZeroTradesAndNoRow_whenRun_thenTheDayIsComparedAndEmpty() {
        comparisonFinds(0, 0, Map.of());

        Batch batch = importWechat(ReconBills.wechatEmptyDay());

        assertThat(batch.status()).isEqualTo(BatchStatus.EMPTY_DAY);
        assertThat(batch.reasons()).isEmpty();
        assertThat(batch.summaryLines()).contains(0L);
        verify(diffFinder).compare(any());
        assertThat(alerts("RECON_BLOCKED", batch.id())).isZero();
    }

    @Test
    void givenAnEmptyBillWhileWeHavePaymentsOfTheDay_whenRun_thenTheBatchHasDiffsAndAnAlert() {
        comparisonFinds(0, 2, Map.of(Category.LOCAL_ONLY, 2L));

        Batch batch = importWechat(ReconBills.wechatEmptyDay());

        assertThat(batch.status()).isEqualTo(BatchStatus.DIFFS);
        assertThat(batch.diffsOpen()).isEqualTo(2);
        assertThat(alerts("RECON_DIFFS", batch.id())).isOne();
        assertThat(opsAlerts.recordsFor("RECON_DIFFS:" + batch.id())).singleElement()
            .satisfies((r) -> assertThat(r.value().message()).contains("2 open differences (LOCAL_ONLY 2)"));
    }

    @Test
    void givenAnImportedFileThatIsGone_whenRun_thenItIsBlockedFetchFailed() {
        Path gone = dir.resolve("gone.csv");

        Batch batch = runToEnd(wechatImport(merchant, DAY, RunKind.RERUN, gone, Optional.empty()));

        assertBlocked(batch, "FETCH_FAILED: cannot open " + gone);
    }

    @Test
    void givenTheComparisonFails_whenRun_thenTheBatchIsBlockedFailedWithItsCounters() {
        doThrow(new DataAccessResourceFailureException("database gone")).when(diffFinder).compare(any());

        Batch batch = importWechat(ReconBills.wechatAll(merchant));

        assertThat(batch.status()).isEqualTo(BatchStatus.BLOCKED);
        assertThat(batch.reasonLines()).singleElement()
            .satisfies((line) -> assertThat(line).startsWith("FAILED: ").contains("database gone"));
        assertThat(batch.rowsRead()).isEqualTo(3);
        assertThat(alerts("RECON_BLOCKED", batch.id())).isOne();
    }

    private Batch importWechat(String bill) {
        Path file = bills.write("bill.csv", bill);
        return runToEnd(wechatImport(merchant, DAY, RunKind.T_PLUS_1, file, Optional.empty()));
    }

    private void assertBlocked(Batch batch, String reasonStart) {
        assertThat(batch.status()).isEqualTo(BatchStatus.BLOCKED);
        assertThat(batch.reasonLines()).anySatisfy((line) -> assertThat(line).startsWith(reasonStart));
        assertThat(batch.finishedAt()).isPresent();
        assertThat(alerts("RECON_BLOCKED", batch.id())).isOne();
        verify(diffFinder, never()).compare(argThat((scope) -> scope != null && scope.batchId() == batch.id()));
    }

}
