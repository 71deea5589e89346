package io.paypipe.ingress.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.testing.PaypipeScript;
import io.paypipe.support.testing.PaypipeScript.Run;
import io.paypipe.support.testing.TestAccounts;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * {@code ./paypipe rederive} (the repository's script) against the running ingress: the
 * report as a table by default, JSON with {@code --json}, a refusal or no answer as one
 * sentence.
 */
class RederiveCliIntegrationTest extends CallbackIntegrationSupport {

    private final String merchant = "19" + ThreadLocalRandom.current().nextLong(10_000_000L, 99_999_999L);

    @Test
    void givenARowSetAside_whenADryRunIsAskedFromTheCommandLine_thenTheReportIsATableOrJsonWithItsRawId()
            throws Exception {
        long rawId = insertSetAside("CLI-" + merchant);

        Run table = paypipe("rederive", "merchant=" + merchant, "handled=2");
        Run json = paypipe("rederive", "--json", "merchant=" + merchant, "handled=2");

        assertThat(table.exit()).as(table.err()).isZero();
        assertThat(table.lines().get(0)).startsWith("dry run ")
            .contains("by " + TestAccounts.OPERATOR.user() + ": 1 rows read");
        assertThat(table.lines().get(1)).startsWith("RAW_ID").contains("ACTION", "DETAIL");
        assertThat(table.lines().get(2)).startsWith(rawId + " ").contains("wechatpay", "CLI-" + merchant);
        assertThat(json.exit()).isZero();
        assertThat(json.json().path("dryRun").asBoolean()).isTrue();
        assertThat(json.json().path("scanned").asInt()).isOne();
        assertThat(json.json().path("rows").get(0).path("rawId").asLong()).isEqualTo(rawId);
        assertThat(db("SELECT handled FROM pay_notify_raw WHERE id = " + rawId)).as("a dry run changes nothing")
            .isEqualTo(2);
    }

    @Test
    void givenARefundNoticeSetAside_whenADryRunOfTheRefundTableIsAsked_thenTheReportNamesTheTableAndItsRow()
            throws Exception {
        long rawId = insertRefundSetAside("RF-CLI-" + merchant);

        Run table = paypipe("rederive", "--table=pay_refund_raw", "merchant=" + merchant, "handled=2");
        Run json = paypipe("rederive", "--json", "--table=pay_refund_raw", "merchant=" + merchant);

        assertThat(table.exit()).as(table.err()).isZero();
        assertThat(table.lines().get(0)).startsWith("dry run ")
            .contains("of pay_refund_raw by " + TestAccounts.OPERATOR.user() + ": 1 rows read");
        assertThat(table.lines().get(2)).startsWith(rawId + " ").contains("wechatpay", "REJECTED");
        assertThat(json.exit()).isZero();
        assertThat(json.json().path("table").asString()).isEqualTo("pay_refund_raw");
        assertThat(json.json().path("rows").get(0).path("rawId").asLong()).isEqualTo(rawId);
        assertThat(json.json().path("rows").get(0).path("refundKey").asString()).isEqualTo("RF-CLI-" + merchant);
        assertThat(db("SELECT handled FROM pay_refund_raw WHERE id = " + rawId)).as("a dry run changes nothing")
            .isEqualTo(2);
        paypipe("rederive", "--table=refunds", "merchant=" + merchant).failedWith(2,
                "paypipe rederive: --table is pay_notify_raw or pay_refund_raw");
        paypipe("rederive", "--table=pay_refund_raw", "outcome=UNKNOWN_STATE").failedWith(1,
                "paypipe rederive: pay_refund_raw has no outcome: filter by handled or lastError");
    }

    @Test
    void givenARefusedFilterARefusedRoleAndAStoppedIngress_whenCalled_thenEachIsOneSentence() throws Exception {
        Run unknownChannel = paypipe("rederive", "channel=nochannel");
        Run viewer = PaypipeScript.signedInAs(TestAccounts.VIEWER)
            .env("PAYPIPE_INGRESS_URL", "http://127.0.0.1:" + port)
            .run("rederive", "--apply", "--reason=why", "merchant=" + merchant);
        int closed = PaypipeScript.closedPort();
        Run stopped = PaypipeScript.signedInAs(TestAccounts.OPERATOR)
            .env("PAYPIPE_INGRESS_URL", "http://127.0.0.1:" + closed)
            .run("rederive", "merchant=" + merchant);

        unknownChannel.failedWith(1, "paypipe rederive: unknown channel nochannel");
        viewer.failedWith(1, "paypipe rederive: your account's role may not do this: reads need VIEWER or OPERATOR,"
                + " actions need OPERATOR");
        stopped.failedWith(2, "paypipe rederive: the ingress at http://127.0.0.1:" + closed + " does not answer");
    }

    private Run paypipe(String... args) throws Exception {
        return PaypipeScript.signedInAs(TestAccounts.OPERATOR)
            .env("PAYPIPE_INGRESS_URL", "http://127.0.0.1:" + port)
            .run(args);
    }

    private int db(String sql) {
        return jdbc.sql(sql).query(Integer.class).single();
    }

    /**
     * A WeChat refund notice row as a buggy classifier stored it and refund-service set
     * aside (its body no envelope).
     */
    private long insertRefundSetAside(String refundNo) {
        var keys = new GeneratedKeyHolder();
        Timestamp created = Timestamp.from(Instant.now());
        jdbc.sql("""
                INSERT INTO pay_refund_raw (tenant_id, merchant_id, channel, refund_no, refund_key, channel_trade_no,
                    out_trade_no, refund_state, derived_state, refund_amount_minor, currency, handled, attempts,
                    last_error, raw_body, created_at, updated_at, last_delivered_at)
                VALUES ('shop', :merchant, 'wechatpay', :refundNo, :refundNo, :tradeNo, 'OT-CLI', 'SUCCESS',
                    'UNKNOWN', 400, 'CNY', 2, 0, 'unknown refund state', '{}', :created, :created, :created)""")
            .param("merchant", merchant)
            .param("refundNo", refundNo)
            .param("tradeNo", "42" + merchant)
            .param("created", created)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /**
     * A WeChat row as a buggy classifier stored it and the processor set aside: SUCCESS
     * taken for unknown, nothing paid, handled 2.
     */
    private long insertSetAside(String outTradeNo) {
        var keys = new GeneratedKeyHolder();
        Timestamp created = Timestamp.from(Instant.now());
        jdbc.sql("""
                INSERT INTO pay_notify_raw (tenant_id, merchant_id, channel, channel_trade_no, out_trade_no,
                    trade_state, payment_state, order_amount_minor, paid_amount_minor, currency, handled, outcome,
                    attempts, last_error, raw_body, created_at, updated_at, last_delivered_at)
                VALUES ('shop', :merchant, 'wechatpay', :tradeNo, :out, 'SUCCESS', 'UNKNOWN', 2500, 0, 'CNY',
                    2, 'UNKNOWN_STATE', 0, 'unknown state', '{}', :created, :created, :created)""")
            .param("merchant", merchant)
            .param("tradeNo", "42" + merchant)
            .param("out", outTradeNo)
            .param("created", created)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

}
