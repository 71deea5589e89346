package io.paypipe.reconcile.recon.web;

import io.paypipe.support.testing.TestAccounts;
import static io.paypipe.reconcile.recon.ReconBills.DAY;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.reconcile.recon.ReconBills;
import io.paypipe.reconcile.recon.diff.Category;
import io.paypipe.reconcile.recon.diff.DiffCounts;
import io.paypipe.reconcile.support.ReconIntegrationBase;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./paypipe recon run|import} (the repository's script) against the running
 * service: the start line, progress lines while the batch runs, the result; exit 0 CLEAN
 * or EMPTY_DAY, 1 DIFFS, 3 BLOCKED, 2 no answer or a usage error. The script is called
 * from the bills' directory, so a bill named relative to it is made absolute.
 */
class ReconCliIntegrationTest extends ReconIntegrationBase {

    private static final Path SCRIPT = Path.of("..", "paypipe").toAbsolutePath().normalize();

    private static final Pattern PROGRESS = Pattern
        .compile("(?m)^batch \\d+ RUNNING  reading: \\d+ rows read, \\d+ rows/s, [0-9.]+ of [0-9.]+ MB");

    @TempDir
    Path dir;

    private ReconBills bills;

    private String merchant;

    @BeforeEach
    void merchant() {
        bills = new ReconBills(dir);
        merchant = newMerchant();
    }

    @Test
    void givenAnEmptyDaysBill_whenImported_thenItPrintsTheResultAndExitsZero() throws Exception {
        comparisonFinds(0, 0, Map.of());
        bills.write("empty.csv", ReconBills.wechatEmptyDay());

        Run run = paypipe(url(), "recon", "import", "empty.csv", "--channel=wechatpay", "--merchant=" + merchant,
                "--day=" + DAY);

        assertThat(run.exit()).isZero();
        assertThat(run.out())
            .containsPattern("batch \\d+ \\(wechatpay " + merchant + " " + DAY + " RERUN run 0\\) started")
            .contains("IMPORT): EMPTY_DAY")
            .contains("summary           0 lines, paid 0, refunded 0 CNY (minor units)");
    }

    @Test
    void givenABillWithoutSummary_whenImported_thenItPrintsTheReasonAndExitsThree() throws Exception {
        bills.write("no-summary.csv", ReconBills.wechatWithoutSummary(merchant));

        Run run = paypipe(url(), "recon", "import", "no-summary.csv", "--channel=wechatpay", "--merchant=" + merchant,
                "--day=" + DAY, "--kind=T+1");

        assertThat(run.exit()).isEqualTo(3);
        assertThat(run.out()).contains("T+1 run 0, IMPORT): BLOCKED")
            .contains("reason            NO_SUMMARY: the bill of wechatpay " + DAY + " (Asia/Shanghai) has no summary");
    }

    @Test
    void givenADayWithDifferences_whenImported_thenItPrintsThemByCategoryAndExitsOne() throws Exception {
        comparisonAnswers((scope) -> {
            insertDiff(scope, Category.FEE, "4200000001202611290000000002", "fee");
            return new DiffCounts(3, 1, 0, Map.of(Category.FEE, 1L));
        });
        bills.write("all.csv", ReconBills.wechatAll(merchant));

        Run run = paypipe(url(), "recon", "import", "all.csv", "--channel=wechatpay", "--merchant=" + merchant,
                "--day=" + DAY);

        assertThat(run.exit()).isOne();
        assertThat(run.out()).contains("IMPORT): DIFFS").contains("open by category  FEE 1");
    }

    @Test
    void givenALargeBill_whenImported_thenProgressLinesArePrintedWhileItIsRead() throws Exception {
        comparisonFinds(100_000, 0, Map.of());
        bills.generated("large.csv", 100_000, merchant);

        Run run = paypipe(url(), "recon", "import", "large.csv", "--channel=wechatpay", "--merchant=" + merchant,
                "--day=" + DAY);

        assertThat(run.exit()).isZero();
        assertThat(run.out()).containsPattern(PROGRESS)
            .contains("IMPORT): CLEAN")
            .contains("rows read         100000  (100000 payments");
    }

    @Test
    void givenNoBillDownload_whenARunIsStarted_thenItIsBlockedAndExitsThree() throws Exception {
        Run run = paypipe(url(), "recon", "run", "--channel=alipay", "--merchant=" + merchant, "--day=" + DAY);

        assertThat(run.exit()).isEqualTo(3);
        assertThat(run.out()).contains("T+1 run 0, FETCH): BLOCKED").contains("reason            FETCH_FAILED: ");
    }

    @Test
    void givenNoServiceAnswers_whenImported_thenItExitsTwo() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        bills.write("all.csv", ReconBills.wechatAll(merchant));

        Run run = paypipe("http://127.0.0.1:" + closedPort, "recon", "import", "all.csv", "--channel=wechatpay",
                "--merchant=" + merchant, "--day=" + DAY);

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void givenArgumentsItCannotUse_whenRun_thenItExitsTwo() throws Exception {
        assertThat(paypipe(url(), "recon", "run", "--channel=wechatpay", "--day=" + DAY).exit()).isEqualTo(2);
        assertThat(paypipe(url(), "recon", "import", "--channel=wechatpay", "--merchant=m", "--day=" + DAY).exit())
            .isEqualTo(2);
        assertThat(paypipe(url(), "recon", "fetch").exit()).isEqualTo(2);
        assertThat(paypipe(url(), "recon", "run", "--channel=wechatpay", "--merchant=m", "--day=yesterday").exit())
            .as("400 from the service")
            .isEqualTo(2);
    }

    private String url() {
        return "http://127.0.0.1:" + port;
    }

    private record Run(int exit, String out) {
    }

    private Run paypipe(String url, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("paypipe-recon-cli", ".out");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PAYPIPE_RECONCILE_URL", url);
        // the command signs in as the test operator
        builder.environment().put("PAYPIPE_USER", TestAccounts.OPERATOR.user());
        builder.environment().put("PAYPIPE_PASSWORD", TestAccounts.OPERATOR.password());
        builder.environment().put("PAYPIPE_RECON_POLL", "0.2");
        Process process = builder.start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String text = Files.readString(out, StandardCharsets.UTF_8);
        Files.delete(out);
        return new Run(process.exitValue(), text);
    }

}
