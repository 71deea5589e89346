package io.paypipe.reconcile.status;

import io.paypipe.support.testing.TestAccounts;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static io.paypipe.reconcile.support.Rows.now;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.reconcile.support.ReconcileIntegrationBase;
import io.paypipe.reconcile.support.Rows.PaymentRaw;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./paypipe status} (the repository's script) against the running service, as cron
 * calls it: the table on stdout, exit 0 when every number is zero, 1 when one is not, 2
 * when the numbers cannot be read.
 */
class StatusCliIntegrationTest extends ReconcileIntegrationBase {

    private static final Path SCRIPT = Path.of("..", "paypipe").toAbsolutePath().normalize();

    @Test
    void givenAMerchantWithAStaleRow_whenStatusRuns_thenItPrintsTheTableAndExitsOne() throws Exception {
        String merchant = newMerchant();
        long rawId = rows.insert(PaymentRaw.unsettled(merchant, now().minus(Duration.ofMinutes(25))));

        Run run = paypipe(url(), "status", "--merchant=" + merchant);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).contains("(merchant " + merchant + ")")
            .contains("raw " + rawId + "  wechatpay  merchant " + merchant)
            .contains("1 of 8 numbers are not zero");
    }

    @Test
    void givenAMerchantWithNothingStale_whenStatusRuns_thenItExitsZero() throws Exception {
        String merchant = newMerchant();
        rows.insert(PaymentRaw.unsettled(merchant, now()));

        Run run = paypipe(url(), "status", "--merchant=" + merchant);

        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("all zero");
    }

    @Test
    void givenNoServiceAnswers_whenStatusRuns_thenItExitsTwo() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }

        Run run = paypipe("http://127.0.0.1:" + closedPort, "status");

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
    }

    @Test
    void givenAnArgumentItDoesNotKnow_whenStatusRuns_thenItExitsTwo() throws Exception {
        assertThat(paypipe(url(), "status", "--merchnt=x").exit()).isEqualTo(2);
    }

    private String url() {
        return "http://127.0.0.1:" + port;
    }

    private record Run(int exit, String out) {
    }

    private static Run paypipe(String url, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("paypipe-status-cli", ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PAYPIPE_RECONCILE_URL", url);
        // the command signs in as the test operator
        builder.environment().put("PAYPIPE_USER", TestAccounts.OPERATOR.user());
        builder.environment().put("PAYPIPE_PASSWORD", TestAccounts.OPERATOR.password());
        Process process = builder.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String text = Files.readString(out, StandardCharsets.UTF_8);
        Files.delete(out);
        return new Run(process.exitValue(), text);
    }

}
