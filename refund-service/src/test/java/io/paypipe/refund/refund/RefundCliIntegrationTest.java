package io.paypipe.refund.refund;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.PaypipeScript;
import io.paypipe.support.testing.PaypipeScript.Run;
import io.paypipe.support.testing.TestAccounts;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * {@code ./paypipe refund create|show|list} (the repository's script) against the running
 * service, as an operator calls it: tables by default, JSON with {@code --json}, a
 * refusal or no answer as one sentence.
 */
class RefundCliIntegrationTest extends RefundIntegrationBase {

    @Test
    void givenAPaidOrder_whenRefundedShownAndListedFromTheCommandLine_thenTablesByDefaultAndJsonWithTheFlag()
            throws Exception {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 1_000);
        String merchant = order.key().merchantId().value();
        String outTradeNo = order.key().outTradeNo().value();
        String refundNo = "CLI-" + UUID.randomUUID().toString().substring(0, 8);

        Run created = paypipe("refund", "create", "--merchant=" + merchant, "--out-trade-no=" + outTradeNo,
                "--amount=400", "--reason=goods \"returned\"", "--refund-no=" + refundNo);
        Run shown = paypipe("refund", "show", refundNo, "--merchant=" + merchant);
        Run shownJson = paypipe("refund", "--json", "show", refundNo, "--merchant=" + merchant);
        Run listed = paypipe("refund", "list", merchant, outTradeNo);
        Run listedJson = paypipe("refund", "list", merchant, outTradeNo, "--json");
        Run over = paypipe("refund", "create", "--merchant=" + merchant, "--out-trade-no=" + outTradeNo, "--amount=601",
                "--reason=again");
        Run usage = paypipe("refund", "create", "--merchant=" + merchant);

        assertThat(created.exit()).isZero();
        assertThat(created.lines().get(0)).startsWith("REFUND_NO").contains("AMOUNT", "STATUS", "CREATED_AT");
        assertThat(created.lines().get(1)).startsWith(refundNo).contains(merchant, outTradeNo, "400 CNY");
        assertThat(created.out()).contains("reason: goods \"returned\"");
        assertThat(shown.exit()).isZero();
        assertThat(shown.lines().get(0)).startsWith("REFUND_NO");
        assertThat(shown.lines().get(1)).startsWith(refundNo).contains(merchant, outTradeNo, "400 CNY");
        assertThat(shownJson.exit()).isZero();
        assertThat(shownJson.json().path("refund_no").asString()).isEqualTo(refundNo);
        assertThat(shownJson.json().path("amount").asLong()).isEqualTo(400);
        assertThat(shownJson.json().path("reason").asString()).isEqualTo("goods \"returned\"");
        assertThat(listed.exit()).isZero();
        assertThat(listed.lines().get(0)).startsWith("order " + outTradeNo + " of merchant " + merchant)
            .contains("paid 1000 CNY", "refundable 600 CNY");
        assertThat(listed.lines().get(1)).startsWith("REFUND_NO");
        assertThat(listed.lines()).hasSize(3);
        assertThat(listed.lines().get(2)).startsWith(refundNo);
        assertThat(listedJson.json().path("refunds").size()).isEqualTo(1);
        assertThat(listedJson.json().path("refunds").get(0).path("refund_no").asString()).isEqualTo(refundNo);
        assertThat(over.exit()).isEqualTo(1);
        assertThat(over.out()).isEmpty();
        assertThat(over.err()).matches("paypipe refund: a refund of 601 would exceed what the payment can still"
                + " refund: 600 of 1000 CNY \\(refunded \\d+, in flight \\d+\\)\n");
        assertThat(usage.exit()).isEqualTo(2);
    }

    @Test
    void givenNoSuchRefundASignInRefusedAndAStoppedService_whenCalled_thenEachIsOneSentence() throws Exception {
        String missing = "CLI-NONE-" + UUID.randomUUID().toString().substring(0, 8);

        Run notFound = paypipe("refund", "show", missing, "--merchant=1900000100");
        Run noOrder = paypipe("refund", "list", "1900000100", "NO-SUCH-ORDER", "--json");
        Run badPassword = script(new OperatorCredentials(TestAccounts.OPERATOR.user(), "not-the-password"))
            .run("refund", "show", missing, "--merchant=1900000100");
        Run viewer = script(TestAccounts.VIEWER).run("refund", "create", "--merchant=1900000100", "--out-trade-no=X",
                "--amount=1", "--reason=why");
        int closed = PaypipeScript.closedPort();
        Run stopped = PaypipeScript.signedInAs(TestAccounts.OPERATOR)
            .env("PAYPIPE_REFUND_URL", "http://127.0.0.1:" + closed)
            .run("refund", "list", "1900000100", "X");

        notFound.failedWith(1, "paypipe refund: no refund " + missing + " for merchant 1900000100");
        noOrder.failedWith(1, "paypipe refund: no order NO-SUCH-ORDER of merchant 1900000100");
        badPassword.failedWith(1, "paypipe refund: sign in first: HTTP Basic with an operator account");
        viewer.failedWith(1, "paypipe refund: your account's role may not do this: reads need VIEWER or OPERATOR,"
                + " actions need OPERATOR");
        stopped.failedWith(2, "paypipe refund: the refund-service at http://127.0.0.1:" + closed + " does not answer");
    }

    private Run paypipe(String... args) throws Exception {
        return script(TestAccounts.OPERATOR).run(args);
    }

    private PaypipeScript script(OperatorCredentials account) {
        return PaypipeScript.signedInAs(account).env("PAYPIPE_REFUND_URL", "http://127.0.0.1:" + port);
    }

}
