package io.paypipe.reconcile.recon.diff;

import io.paypipe.support.testing.TestAccounts;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Json;
import io.paypipe.reconcile.recon.diff.ReconRows.Line;
import io.paypipe.reconcile.recon.diff.ReconRows.Payment;
import io.paypipe.reconcile.support.Rows;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What a person does with a difference over HTTP: correct an AMOUNT one (a
 * {@code ledger_correction} row, the ledger untouched, the next run finds nothing),
 * ignore one, and what is refused (409: not OPEN, not AMOUNT; 404); and the list.
 */
class DiffActionsIntegrationTest extends DiffIntegrationBase {

    @Test
    void givenAnAmountDifference_whenCorrected_thenACorrectionRowTheLedgerUntouchedAndTheRerunFindsNothing()
            throws Exception {
        // Given: we booked 1000, the channel's bill says 1200
        String m = Rows.newMerchant();
        Payment p = recon.payment(m, Channel.WECHATPAY, 1_000, beijing(DAY, "09:00:00"));
        Line line = Line.payment(p.tradeNo(), p.outTradeNo(), 1_200, 7, beijing(DAY, "09:00:00"));
        compare(batch(m, line), m);
        long id = (Long) diffs(m).get(0).get("id");

        // When
        HttpResponse<String> response = post("/recon/diffs/" + id + "/correct",
                Map.of("note", "channel booked the tip"));

        // Then
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode diff = Json.MAPPER.readTree(response.body());
        assertThat(diff.path("handleStatus").asString()).isEqualTo("RESOLVED");
        assertThat(diff.path("handledBy").asString()).isEqualTo(TestAccounts.OPERATOR.user());
        assertThat(jdbc.sql("""
                SELECT amount_minor, currency, refund_no, created_by, reason FROM ledger_correction WHERE diff_id = :id
                """).param("id", id).query().singleRow()).containsEntry("amount_minor", 200L)
            .containsEntry("currency", "CNY")
            .containsEntry("refund_no", "")
            .containsEntry("created_by", TestAccounts.OPERATOR.user())
            .containsEntry("reason", "channel booked the tip");
        assertThat(jdbc.sql("SELECT paid_amount_minor FROM payment_ledger WHERE channel_trade_no = :t")
            .param("t", p.tradeNo())
            .query(Long.class)
            .single()).isEqualTo(1_000L);

        // When: the day is reconciled again
        DiffCounts rerun = compare(batch(m, line), m);

        // Then
        assertThat(rerun.open()).isZero();
        assertThat(diffs(m)).singleElement().satisfies(d -> assertThat(d).containsEntry("handle_status", "RESOLVED"));
        assertThat(post("/recon/diffs/" + id + "/correct", Map.of("note", "again")).statusCode()).isEqualTo(409);
    }

    @Test
    void givenOpenDifferences_whenIgnoredOrCorrectedWrongly_thenIgnoredOnceAndTheRestRefused() throws Exception {
        // Given: a CHANNEL_ONLY and an AMOUNT difference
        String m = Rows.newMerchant();
        Payment p = recon.payment(m, Channel.WECHATPAY, 1_000, beijing(DAY, "09:00:00"));
        String unknown = ReconRows.newTradeNo();
        compare(batch(m, Line.payment(p.tradeNo(), p.outTradeNo(), 900, 5, beijing(DAY, "09:00:00")),
                Line.payment(unknown, "O-x", 100, 1, beijing(DAY, "10:00:00"))), m);
        long channelOnly = idOf(m, "CHANNEL_ONLY");
        long amount = idOf(m, "AMOUNT");

        // When / Then: a CHANNEL_ONLY difference cannot be corrected
        assertThat(post("/recon/diffs/" + channelOnly + "/correct", Map.of("note", "n")).statusCode()).isEqualTo(409);

        // When / Then: the AMOUNT one ignored, then neither ignored nor corrected again
        HttpResponse<String> ignored = post("/recon/diffs/" + amount + "/ignore", Map.of("note", "test merchant"));
        assertThat(ignored.statusCode()).isEqualTo(200);
        assertThat(Json.MAPPER.readTree(ignored.body()).path("handleStatus").asString()).isEqualTo("IGNORED");
        assertThat(post("/recon/diffs/" + amount + "/ignore", Map.of("note", "n")).statusCode()).isEqualTo(409);
        assertThat(post("/recon/diffs/" + amount + "/correct", Map.of("note", "n")).statusCode()).isEqualTo(409);
        assertThat(jdbc.sql("SELECT COUNT(*) FROM ledger_correction WHERE diff_id = :id")
            .param("id", amount)
            .query(Long.class)
            .single()).isZero();

        // And: unknown ids and missing fields
        assertThat(post("/recon/diffs/" + Long.MAX_VALUE + "/ignore", Map.of("note", "n")).statusCode()).isEqualTo(404);
        assertThat(post("/recon/diffs/" + channelOnly + "/ignore", Map.of()).statusCode()).isEqualTo(400);
        HttpResponse<String> someoneElse = post("/recon/diffs/" + channelOnly + "/ignore",
                Map.of("by", "mallory", "note", "n"));
        assertThat(someoneElse.statusCode()).isEqualTo(400);
        assertThat(someoneElse.body()).contains("by is taken from your sign-in (" + TestAccounts.OPERATOR.user());

        // And: the list by day and status, and by batch
        JsonNode open = Json.MAPPER
            .readTree(get("/recon/diffs?channel=wechatpay&merchantId=" + m + "&day=" + DAY + "&status=OPEN").body());
        assertThat(open.size()).isEqualTo(1);
        assertThat(open.get(0).path("id").asLong()).isEqualTo(channelOnly);
        assertThat(open.get(0).path("channelValue").asString()).isEqualTo("100 CNY");
        assertThat(open.get(0).path("channel").asString()).isEqualTo("wechatpay");
        assertThat(open.get(0).path("billDay").asString()).isEqualTo(DAY.toString());
        assertThat(open.get(0).path("localValue").isNull()).isTrue();
        long batchId = (Long) diffs(m).get(0).get("batch_id");
        assertThat(Json.MAPPER.readTree(get("/recon/diffs?batchId=" + batchId).body()).size()).isEqualTo(2);
        assertThat(get("/recon/diffs?channel=wechatpay").statusCode()).isEqualTo(400);
    }

    private long idOf(String merchant, String category) {
        return diffs(merchant).stream()
            .filter(d -> category.equals(d.get("category")))
            .map(d -> (Long) d.get("id"))
            .findFirst()
            .orElseThrow();
    }

}
