package io.paypipe.reconcile.recon.batch;

import static io.paypipe.reconcile.recon.ReconBills.DAY;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.ReconBills;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.Source;
import io.paypipe.reconcile.support.ReconIntegrationBase;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Alipay's and Stripe's bills imported end to end: each channel's parser reads its file
 * into {@code recon_bill_line} under the batch's merchant; Stripe's summary comes from
 * its own report file, and without it the bill has no summary.
 */
class ChannelImportsIntegrationTest extends ReconIntegrationBase {

    @TempDir
    Path dir;

    @Test
    void givenAlipaysZipOfTheDay_whenImported_thenItsLinesAreReadAndTheDayIsCompared() {
        comparisonFinds(4, 0, Map.of());
        String merchant = newMerchant();

        Batch batch = runToEnd(new RunRequest(Channel.ALIPAY, merchant, DAY, RunKind.T_PLUS_1,
                new Source.Import(new ReconBills(dir).alipayDay(), Optional.empty()), Optional.empty()));

        assertThat(batch.status()).isEqualTo(BatchStatus.CLEAN);
        assertThat(batch.rowsRead()).isEqualTo(4);
        assertThat(batch.payments()).isEqualTo(3);
        assertThat(batch.refunds()).isEqualTo(1);
        assertThat(batch.summaryPaidMinor()).contains(13180L);
        assertThat(storedLines(batch.id())).isEqualTo(4);
    }

    @Test
    void givenStripesItemizedAndSummaryReports_whenImported_thenTheSummaryIsTheSummaryReports() {
        comparisonFinds(3, 0, Map.of());
        ReconBills bills = new ReconBills(dir);
        String account = "acct_" + newMerchant();

        Batch batch = runToEnd(new RunRequest(Channel.STRIPE, account, DAY, RunKind.T_PLUS_1,
                new Source.Import(bills.stripeItemized(), Optional.of(bills.stripeSummary())), Optional.empty()));

        assertThat(batch.status()).isEqualTo(BatchStatus.CLEAN);
        assertThat(batch.rowsRead()).isEqualTo(3);
        assertThat(batch.fees()).isEqualTo(1);
        assertThat(batch.summaryLines()).contains(3L);
        assertThat(batch.summaryPaidMinor()).contains(10010L);
        assertThat(batch.currency()).contains("USD");
    }

    @Test
    void givenStripesItemizedReportAlone_whenImported_thenItIsBlockedNoSummary() {
        String account = "acct_" + newMerchant();

        Batch batch = runToEnd(new RunRequest(Channel.STRIPE, account, DAY, RunKind.T_PLUS_1,
                new Source.Import(new ReconBills(dir).stripeItemized(), Optional.empty()), Optional.empty()));

        assertThat(batch.status()).isEqualTo(BatchStatus.BLOCKED);
        assertThat(batch.reasonLines()).anySatisfy((line) -> assertThat(line).startsWith("NO_SUMMARY: "));
        assertThat(storedLines(batch.id())).isEqualTo(3);
    }

}
