package io.paypipe.launcher;

import static io.paypipe.launcher.OrderEffects.orderPaidEventIds;
import static io.paypipe.launcher.PipelineFixture.firstMerchant;
import static io.paypipe.launcher.PipelineFixture.givenPendingOrder;
import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.payments;
import static io.paypipe.launcher.PipelineFixture.settings;
import static io.paypipe.launcher.PipelineFixture.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.signin.OperatorCredentials;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * The console's actions on the services that own them (issue 17), with the real
 * refund-service and reconcile-service of one pipeline: an operator signed in to the
 * processor's console asks for a refund and ignores a difference, and refund-service and
 * reconcile-service record that operator (the console calls them with its service
 * account, role CONSOLE, naming the person in {@code X-Paypipe-On-Behalf-Of}); a refusal
 * is shown as refund-service's own sentence; an operator dry-runs and applies a re-derive
 * of rows a parser bug set aside, and ingress-service's audit records that operator; a
 * viewer has no form and its forged posts are refused with nothing changed; an account
 * that is not the console's naming someone in the header is refused by both services.
 */
class ConsoleActionsEndToEndIntegrationTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private static final String ON_BEHALF_OF = "X-Paypipe-On-Behalf-Of";

    private static LocalPipeline pipeline;

    private static JdbcClient jdbc;

    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        pipeline = LocalPipeline.start(settings(), EnumSet.of(PipelineService.SANDBOX, PipelineService.PROCESSOR,
                PipelineService.INGRESS, PipelineService.RECONCILE, PipelineService.REFUND));
        jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
    }

    @AfterAll
    static void stop() {
        pipeline.close();
    }

    @Test
    void anOperatorAsksForARefundInTheConsoleAndRefundServiceRecordsThatOperator() throws Exception {
        // Given a paid order
        String merchant = firstMerchant(pipeline);
        String no = paidOrder(merchant, 5_000);
        OperatorCredentials operator = pipeline.settings().accounts().operator();
        ConsoleSession console = ConsoleSession.signIn(port(PipelineService.PROCESSOR), operator);

        // When the operator asks the refunds page for a refund of part of it
        HttpResponse<String> page = console.submit("/console/refunds/request",
                Map.of("merchant", merchant, "order", no, "amount", "1200", "reason", "one item returned"));

        // Then the page shows refund-service's answer, and the refund is the operator's
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).containsPattern(
                "Refund \\S+ of order " + no + " for 1200 CNY: \\w+, requested by " + operator.user() + "\\.");
        assertThat(refunds(no)).containsExactly("1200|" + operator.user() + "|one item returned");

        // When the operator asks for more than is left
        HttpResponse<String> refused = console.submit("/console/refunds/request",
                Map.of("merchant", merchant, "order", no, "amount", "9000", "reason", "too much"));

        // Then refund-service's refusal is on the page as its sentence, and nothing more
        // is
        // refunded
        assertThat(refused.body()).contains("refund-service refused the refund of order " + no + " (409): ");
        assertThat(refunds(no)).hasSize(1);
    }

    @Test
    void anOperatorIgnoresADifferenceInTheConsoleAndReconcileServiceRecordsThatOperator() throws Exception {
        // Given an open difference
        long diff = openDiff();
        OperatorCredentials operator = pipeline.settings().accounts().operator();
        ConsoleSession console = ConsoleSession.signIn(port(PipelineService.PROCESSOR), operator);
        assertThat(console.page("/console/recon")).contains("id=\"diff-" + diff + "\"").contains("class=\"ignore\"");

        // When the operator ignores it with a note
        HttpResponse<String> page = console.submit("/console/recon/diffs/" + diff + "/ignore",
                Map.of("note", "sandbox rounding, nothing to do"));

        // Then the page says so, and the difference records the operator and the note
        assertThat(page.body()).contains("Difference " + diff + " is IGNORED, by " + operator.user() + ".");
        assertThat(diff(diff)).isEqualTo("IGNORED|" + operator.user() + "|sandbox rounding, nothing to do");

        // When it is ignored again, Then reconcile-service's refusal is the page's
        // sentence
        assertThat(console.submit("/console/recon/diffs/" + diff + "/ignore", Map.of("note", "again")).body())
            .contains("reconcile-service refused to ignore difference " + diff + " (409): the difference is IGNORED");
    }

    @Test
    void anOperatorReDerivesRowsAParserBugSetAsideFromTheConsoleAndIngressRecordsThatOperator() throws Exception {
        // Given an order paid at WeChat whose SUCCESS a buggy classifier stored as an
        // unknown state, set aside (handled 2)
        String merchant = firstMerchant(pipeline);
        String no = newOutTradeNo();
        long raw = BuggyParserRows.setAside(pipeline, jdbc, merchant, no, 2_500, (body) -> body);
        OperatorCredentials operator = pipeline.settings().accounts().operator();
        ConsoleSession console = ConsoleSession.signIn(port(PipelineService.PROCESSOR), operator);
        assertThat(console.page("/console/rederive")).contains("id=\"rederive-form\"");
        Map<String, String> form = Map.of("table", "pay_notify_raw", "channel", "wechatpay", "merchant", merchant,
                "handled", "2", "outcome", "UNKNOWN_STATE");

        // When the operator asks the re-derive page for a dry run
        HttpResponse<String> dry = console.submit("/console/rederive", with(form, "action", "dry-run"));

        // Then the page shows ingress's report, and nothing changed
        assertThat(dry.statusCode()).isEqualTo(200);
        assertThat(dry.body())
            .contains("Dry run of pay_notify_raw by " + operator.user() + ": 1 row(s) read, 1 WOULD_REDERIVE;"
                    + " nothing was changed.")
            .contains("id=\"rederive-raw-" + raw + "\"")
            .contains("SUCCESS/SUCCEEDED 2500/2500 CNY")
            // ... and the form keeps its filter
            .contains("value=\"UNKNOWN_STATE\"");
        assertThat(RederiveCalls.audit(jdbc, "pay_notify_raw", raw)).isEmpty();
        assertThat(status(jdbc, no)).isEqualTo("PENDING");

        // When the operator applies it without a reason, Then ingress's refusal is the
        // page's sentence
        assertThat(console.submit("/console/rederive", with(form, "action", "apply")).body())
            .contains("ingress-service refused the re-derive (400): apply requires a reason");
        assertThat(RederiveCalls.audit(jdbc, "pay_notify_raw", raw)).isEmpty();

        // When the operator applies it with a reason
        Map<String, String> apply = new java.util.HashMap<>(with(form, "action", "apply"));
        apply.put("reason", "fix of the SUCCESS classifier");
        HttpResponse<String> applied = console.submit("/console/rederive", apply);

        // Then the order is paid once, and ingress's audit records the operator, not the
        // console's account
        assertThat(applied.body()).containsPattern(
                "Re-derive \\S+ of pay_notify_raw by " + operator.user() + ": 1 row\\(s\\) read, 1 REDERIVED\\.");
        await().atMost(WAIT).until(() -> status(jdbc, no), "PAID"::equals);
        await().atMost(WAIT).untilAsserted(() -> assertThat(orderPaidEventIds(merchant, no)).hasSize(1));
        assertThat(ledgerRows(no)).isOne();
        assertThat(RederiveCalls.audit(jdbc, "pay_notify_raw", raw))
            .containsExactly("REDERIVED " + operator.user() + " fix of the SUCCESS classifier");
    }

    @Test
    void aViewerHasNoActionsAndItsForgedPostsChangeNothing() throws Exception {
        // Given a paid order and an open difference, and a viewer signed in
        String merchant = firstMerchant(pipeline);
        String no = paidOrder(merchant, 3_000);
        long diff = openDiff();
        ConsoleSession viewer = ConsoleSession.signIn(port(PipelineService.PROCESSOR),
                pipeline.settings().accounts().viewer());

        // When the viewer opens the pages, Then there is no refund form and no handle
        // button
        assertThat(viewer.page("/console/refunds")).doesNotContain("id=\"refund-form\"");
        assertThat(viewer.page("/console/recon")).contains("id=\"diff-" + diff + "\"")
            .doesNotContain("class=\"ignore\"");
        // ... and no re-derive form (ingress takes a dry run from an OPERATOR only)
        assertThat(viewer.page("/console/rederive")).contains("Re-derive from the raw vault")
            .doesNotContain("id=\"rederive-form\"");

        // When the viewer's session posts both forms anyway, with the page's token
        HttpResponse<String> refund = viewer.submit("/console/refunds/request",
                Map.of("merchant", merchant, "order", no, "amount", "100", "reason", "viewer tries"));
        HttpResponse<String> ignore = viewer.submit("/console/recon/diffs/" + diff + "/ignore",
                Map.of("note", "viewer tries"));
        long audits = RederiveCalls.auditRows(jdbc, "pay_notify_raw");
        HttpResponse<String> rederive = viewer.submit("/console/rederive",
                Map.of("merchant", merchant, "action", "apply", "reason", "viewer tries"));

        // Then all are refused and nothing changed
        assertThat(refund.statusCode()).isEqualTo(403);
        assertThat(ignore.statusCode()).isEqualTo(403);
        assertThat(rederive.statusCode()).isEqualTo(403);
        assertThat(RederiveCalls.auditRows(jdbc, "pay_notify_raw")).isEqualTo(audits);
        assertThat(refunds(no)).isEmpty();
        assertThat(diff(diff)).isEqualTo("OPEN|null|null");
    }

    @Test
    void anAccountThatIsNotTheConsolesNamingSomeoneIsRefusedByBothServices() throws Exception {
        // Given a paid order and an open difference
        String merchant = firstMerchant(pipeline);
        String no = paidOrder(merchant, 2_000);
        long diff = openDiff();
        OperatorCredentials operator = pipeline.settings().accounts().operator();
        OperatorCredentials console = pipeline.settings().accounts().console();
        String refund = "{\"merchant\":\"" + merchant + "\",\"out_trade_no\":\"" + no
                + "\",\"amount\":100,\"reason\":\"forged\"}";

        // When the operator's own account names alice, and the console's names nobody
        HttpResponse<String> refundAsAlice = post(PipelineService.REFUND, "/refunds", operator, "alice", refund);
        HttpResponse<String> ignoreAsAlice = post(PipelineService.RECONCILE, "/recon/diffs/" + diff + "/ignore",
                operator, "alice", "{\"note\":\"forged\"}");
        HttpResponse<String> consoleAlone = post(PipelineService.REFUND, "/refunds", console, null, refund);

        // Then all are refused, and nothing changed
        assertThat(refundAsAlice.statusCode()).isEqualTo(403);
        assertThat(refundAsAlice.body()).contains("only the console's service account may name the person");
        assertThat(ignoreAsAlice.statusCode()).isEqualTo(403);
        assertThat(consoleAlone.statusCode()).isEqualTo(403);
        assertThat(refunds(no)).isEmpty();
        assertThat(diff(diff)).isEqualTo("OPEN|null|null");
    }

    private String paidOrder(String merchant, long fen) {
        String no = newOutTradeNo();
        givenPendingOrder(pipeline, jdbc, no, fen);
        payments(pipeline).pay(merchant, no, fen, null, 1);
        await().atMost(WAIT).until(() -> status(jdbc, no), "PAID"::equals);
        return no;
    }

    private static long ledgerRows(String no) {
        return jdbc
            .sql("SELECT COUNT(*) FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.out_trade_no = :o")
            .param("o", no)
            .query(Long.class)
            .single();
    }

    private static Map<String, String> with(Map<String, String> form, String name, String value) {
        Map<String, String> all = new java.util.HashMap<>(form);
        all.put(name, value);
        return all;
    }

    private HttpResponse<String> post(PipelineService service, String path, OperatorCredentials account,
            String onBehalfOf, String json) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(service) + path))
            .header("Content-Type", "application/json")
            .header("Authorization", account.authorization())
            .POST(HttpRequest.BodyPublishers.ofString(json));
        if (onBehalfOf != null) {
            request.header(ON_BEHALF_OF, onBehalfOf);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static int port(PipelineService service) {
        return pipeline.settings().port(service);
    }

    private static List<String> refunds(String no) {
        return jdbc
            .sql("SELECT CONCAT(amount_minor, '|', requested_by, '|', reason) FROM refund"
                    + " WHERE out_trade_no = :o ORDER BY id")
            .param("o", no)
            .query(String.class)
            .list();
    }

    /** An open AMOUNT difference of a batch of its own (no bill needed to handle one). */
    private static long openDiff() {
        var keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO recon_diff (batch_id, channel, merchant_id, bill_day, category, channel_trade_no, field,
                                        channel_value, local_value, handle_status, created_at, updated_at)
                VALUES (:batch, 'wechatpay', '1900000001', CURRENT_DATE, 'AMOUNT', :trade, 'amount', '2500 CNY',
                        '2400 CNY', 'OPEN', NOW(3), NOW(3))""")
            .param("batch", System.nanoTime())
            .param("trade", newOutTradeNo())
            .update(keys, "id");
        return keys.getKey().longValue();
    }

    private static String diff(long id) {
        return jdbc
            .sql("SELECT CONCAT_WS('|', handle_status, COALESCE(handled_by, 'null'),"
                    + " COALESCE(handle_note, 'null')) FROM recon_diff WHERE id = :id")
            .param("id", id)
            .query(String.class)
            .single();
    }

}
