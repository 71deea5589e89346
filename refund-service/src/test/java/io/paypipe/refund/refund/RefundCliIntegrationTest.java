package io.paypipe.refund.refund;

import io.paypipe.support.testing.TestAccounts;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Json;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundIntegrationBase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code ./paypipe refund create|show|list} (the repository's script) against the running
 * service, as an operator calls it.
 */
class RefundCliIntegrationTest extends RefundIntegrationBase {

    private static final Path SCRIPT = Path.of("..", "paypipe").toAbsolutePath().normalize();

    @Test
    void givenAPaidOrder_whenRefundedShownAndListedFromTheCommandLine_thenTheScriptAnswersWhatTheApiAnswers()
            throws Exception {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 1_000);
        String merchant = order.key().merchantId().value();
        String outTradeNo = order.key().outTradeNo().value();
        String refundNo = "CLI-" + UUID.randomUUID().toString().substring(0, 8);

        Run created = paypipe("refund", "create", "--merchant=" + merchant, "--out-trade-no=" + outTradeNo,
                "--amount=400", "--reason=goods \"returned\"", "--refund-no=" + refundNo);
        Run shown = paypipe("refund", "show", refundNo, "--merchant=" + merchant);
        Run listed = paypipe("refund", "list", merchant, outTradeNo);
        Run over = paypipe("refund", "create", "--merchant=" + merchant, "--out-trade-no=" + outTradeNo, "--amount=601",
                "--reason=again");
        Run usage = paypipe("refund", "create", "--merchant=" + merchant);

        assertThat(created.exit()).isZero();
        assertThat(created.json().path("refund_no").asString()).isEqualTo(refundNo);
        assertThat(created.json().path("reason").asString()).isEqualTo("goods \"returned\"");
        assertThat(shown.exit()).isZero();
        assertThat(shown.json().path("amount").asLong()).isEqualTo(400);
        assertThat(listed.exit()).isZero();
        assertThat(listed.json().path("refunds").size()).isEqualTo(1);
        assertThat(over.exit()).isEqualTo(22);
        assertThat(over.json().path("refundable").asLong()).isEqualTo(600);
        assertThat(usage.exit()).isEqualTo(2);
    }

    private record Run(int exit, String out) {

        JsonNode json() {
            return Json.MAPPER.readTree(out);
        }

    }

    private Run paypipe(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("paypipe-refund-cli", ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PAYPIPE_REFUND_URL", "http://127.0.0.1:" + port);
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
