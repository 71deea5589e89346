package io.paypipe.reconcile.status;

import io.paypipe.support.testing.TestAccounts;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static io.paypipe.reconcile.support.Rows.now;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.reconcile.support.ReconcileIntegrationBase;
import io.paypipe.support.testing.PaypipeScript;
import io.paypipe.support.testing.PaypipeScript.Run;
import io.paypipe.reconcile.support.Rows.PaymentRaw;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code ./paypipe status} (the repository's script) against the running service, as cron
 * calls it: the table on stdout, exit 0 when every number is zero, 1 when one is not, 2
 * when the numbers cannot be read.
 */
class StatusCliIntegrationTest extends ReconcileIntegrationBase {

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
        int closedPort = PaypipeScript.closedPort();

        Run run = paypipe("http://127.0.0.1:" + closedPort, "status");

        run.failedWith(2,
                "paypipe status: the reconcile-service at http://127.0.0.1:" + closedPort + " does not answer");
    }

    @Test
    void givenAMerchantWithAStaleRow_whenStatusRunsWithJson_thenItPrintsTheNumbersAsJsonAndExitsOne() throws Exception {
        String merchant = newMerchant();
        long rawId = rows.insert(PaymentRaw.unsettled(merchant, now().minus(Duration.ofMinutes(25))));

        Run run = paypipe(url(), "status", "--json", "--merchant=" + merchant);

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.json().path("merchant").asString()).isEqualTo(merchant);
        assertThat(run.json().path("numbers").valueStream().map((n) -> n.path("oldest").path("raw_id").asLong()))
            .contains(rawId);
    }

    @Test
    void givenARefusedRequestOrSignIn_whenStatusRuns_thenItSaysWhyInOneSentenceAndExitsTwo() throws Exception {
        Run tooLong = paypipe(url(), "status", "--merchant=" + "m".repeat(65));
        Run badPassword = PaypipeScript
            .signedInAs(new OperatorCredentials(TestAccounts.OPERATOR.user(), "not-the-password"))
            .env("PAYPIPE_RECONCILE_URL", url())
            .run("status");

        tooLong.failedWith(2, "paypipe status: merchant must be 1 to 64 characters");
        badPassword.failedWith(2, "paypipe status: sign in first: HTTP Basic with an operator account");
    }

    @Test
    void givenAnArgumentItDoesNotKnow_whenStatusRuns_thenItExitsTwo() throws Exception {
        assertThat(paypipe(url(), "status", "--merchnt=x").exit()).isEqualTo(2);
    }

    private String url() {
        return "http://127.0.0.1:" + port;
    }

    private static Run paypipe(String url, String... args) throws IOException, InterruptedException {
        return PaypipeScript.signedInAs(TestAccounts.OPERATOR).env("PAYPIPE_RECONCILE_URL", url).run(args);
    }

}
