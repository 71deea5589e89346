package io.paypipe.reconcile.recon.web;

import io.paypipe.support.testing.TestAccounts;
import static io.paypipe.reconcile.recon.ReconBills.DAY;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.topic.Json;
import io.paypipe.reconcile.recon.ReconBills;
import io.paypipe.reconcile.recon.diff.Category;
import io.paypipe.reconcile.recon.diff.DiffCounts;
import io.paypipe.reconcile.support.ReconIntegrationBase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP endpoints of bill reconciliation: starts ({@code POST /recon/imports},
 * {@code POST /recon/runs}), batches ({@code GET /recon/batches/{id}} as JSON and text,
 * {@code GET /recon/batches}) and differences ({@code GET /recon/diffs}).
 */
class ReconEndpointsIntegrationTest extends ReconIntegrationBase {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

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
    void givenABillFile_whenImportedOverHttp_thenTheAnswerIs202WithTheBatchAndItEndsBlockedWithItsReasons()
            throws Exception {
        Path file = bills.write("no-summary.csv", ReconBills.wechatWithoutSummary(merchant));

        HttpResponse<String> answer = post("/recon/imports", importBody(file, "T+1"), "application/json");

        assertThat(answer.statusCode()).isEqualTo(202);
        JsonNode started = Json.MAPPER.readTree(answer.body());
        long id = started.path("batchId").asLong();
        assertThat(started.path("started").asBoolean()).isTrue();
        assertThat(started.path("kind").asString()).isEqualTo("T+1");
        assertThat(answer.headers().firstValue("Location")).contains("/recon/batches/" + id);
        assertThat(answer.headers().firstValue("Paypipe-Batch-Id")).contains(Long.toString(id));
        JsonNode batch = awaitEnd(id);
        assertThat(batch.path("status").asString()).isEqualTo("BLOCKED");
        assertThat(batch.path("source").asString()).isEqualTo("IMPORT");
        assertThat(batch.path("rowsRead").asLong()).isEqualTo(3);
        assertThat(batch.path("reasons").get(0).asString()).startsWith("NO_SUMMARY: ");
        assertThat(batch.path("finishedAt").isNull()).isFalse();

        JsonNode again = Json.MAPPER
            .readTree(post("/recon/imports", importBody(file, "T+1"), "application/json").body());
        assertThat(again.path("batchId").asLong()).as("T+1 blocked: the next run").isNotEqualTo(id);
        assertThat(again.path("runNo").asInt()).isOne();
    }

    @Test
    void givenADayWithDifferences_whenItsBatchIsReadAsText_thenItShowsTheResultAndTheDiffsByCategory()
            throws Exception {
        comparisonAnswers((scope) -> {
            insertDiff(scope, Category.CHANNEL_ONLY, "4200000001202611290000000001", "payment");
            insertDiff(scope, Category.AMOUNT, "4200000001202611290000000002", "paid_amount");
            return new DiffCounts(3, 2, 0, Map.of(Category.CHANNEL_ONLY, 1L, Category.AMOUNT, 1L));
        });
        Path file = bills.write("all.csv", ReconBills.wechatAll(merchant));
        long id = Json.MAPPER.readTree(post("/recon/imports", importBody(file, "RERUN"), "application/json").body())
            .path("batchId")
            .asLong();
        awaitEnd(id);

        HttpResponse<String> text = get("/recon/batches/" + id, "text/plain");

        assertThat(text.headers().firstValue("Paypipe-Batch-Status")).contains("DIFFS");
        assertThat(text.body())
            .startsWith("batch " + id + " (wechatpay " + merchant + " " + DAY + " RERUN run 0, " + "IMPORT): DIFFS")
            .contains("rows read         3  (2 payments, 1 refunds, 0 fees; ")
            .contains("summary           3 lines, paid 10011, refunded 2000 CNY (minor units)")
            .contains("compared          3, open differences 2, resolved 0")
            .contains("open by category  AMOUNT 1, CHANNEL_ONLY 1");
        JsonNode byBatch = Json.MAPPER.readTree(get("/recon/diffs?batchId=" + id, "application/json").body());
        assertThat(byBatch).hasSize(2);
        assertThat(byBatch.get(0).path("category").asString()).isEqualTo("CHANNEL_ONLY");
        assertThat(byBatch.get(0).path("channelValue").asString()).isEqualTo("1234 CNY");
        JsonNode byDay = Json.MAPPER
            .readTree(get("/recon/diffs?channel=wechatpay&merchantId=" + merchant + "&day=" + DAY + "&status=OPEN",
                    "application/json")
                .body());
        assertThat(byDay).hasSize(2);
        JsonNode listed = Json.MAPPER
            .readTree(get("/recon/batches?channel=wechatpay&merchantId=" + merchant, "application/json").body());
        assertThat(listed).singleElement().satisfies((b) -> assertThat(b.path("id").asLong()).isEqualTo(id));
    }

    @Test
    void givenNoBillDownloadForTheMerchant_whenARunIsStarted_thenTheBatchIsBlockedFetchFailed() throws Exception {
        String body = """
                {"channel":"wechatpay","merchantId":"%s","day":"%s"}""".formatted(merchant, DAY);

        HttpResponse<String> answer = post("/recon/runs", body, "text/plain");

        assertThat(answer.statusCode()).isEqualTo(202);
        long id = Long.parseLong(answer.headers().firstValue("Paypipe-Batch-Id").orElseThrow());
        assertThat(answer.body())
            .isEqualTo("batch " + id + " (wechatpay " + merchant + " " + DAY + " T+1 run 0) started\n");
        JsonNode batch = awaitEnd(id);
        assertThat(batch.path("status").asString()).isEqualTo("BLOCKED");
        assertThat(batch.path("source").asString()).isEqualTo("FETCH");
        assertThat(batch.path("reasons").get(0).asString()).startsWith("FETCH_FAILED: ");
    }

    @Test
    void givenRequestsThatCannotRun_whenPosted_thenTheyAre400WithoutABatch() throws Exception {
        Path file = bills.write("all.csv", ReconBills.wechatAll(merchant));
        LocalDate today = LocalDate.now(ZoneId.of("Asia/Shanghai"));

        assertThat(post("/recon/imports", importBody(Path.of("all.csv"), "T+1"), "text/plain"))
            .satisfies((r) -> assertThat(r.statusCode()).isEqualTo(400))
            .satisfies((r) -> assertThat(r.body()).startsWith("path must be the absolute path"));
        assertThat(post("/recon/runs", """
                {"channel":"wechatpay","merchantId":"%s","day":"%s"}""".formatted(merchant, today), "text/plain")
            .body()).isEqualTo("the day " + today + " is not over yet in Asia/Shanghai: no bill yet\n");
        assertThat(post("/recon/runs", """
                {"channel":"paypal","merchantId":"%s","day":"%s"}""".formatted(merchant, DAY), "application/json"))
            .satisfies((r) -> assertThat(r.statusCode()).isEqualTo(400))
            .satisfies((r) -> assertThat(r.body()).isEqualTo("channel must be wechatpay, alipay or stripe\n"));
        assertThat(post("/recon/imports", importBody(file, "T+2"), "text/plain").body())
            .isEqualTo("kind must be T+1, T+3 or RERUN\n");
        assertThat(get("/recon/batches?merchantId=" + merchant, "application/json").body()).isEqualTo("[]");
        assertThat(get("/recon/batches/999999999", "application/json").statusCode()).isEqualTo(404);
        assertThat(get("/recon/diffs", "application/json").statusCode()).isEqualTo(400);
    }

    private String importBody(Path file, String kind) {
        return """
                {"path":"%s","channel":"wechatpay","merchantId":"%s","day":"%s","kind":"%s"}""".formatted(file,
                merchant, DAY, kind);
    }

    private JsonNode awaitEnd(long id) {
        return await().atMost(WAIT).until(() -> {
            HttpResponse<String> r = get("/recon/batches/" + id, "application/json");
            assertThat(r.headers().firstValue("Paypipe-Batch-Status")).isPresent();
            return Json.MAPPER.readTree(r.body());
        }, (b) -> !b.path("status").asString().equals("RUNNING"));
    }

    private HttpResponse<String> post(String path, String json, String accept)
            throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Content-Type", "application/json")
            .header("Accept", accept)
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path, String accept) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Accept", accept)
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
    }

}
