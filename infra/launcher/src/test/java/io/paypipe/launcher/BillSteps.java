package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Json;
import io.paypipe.sandbox.bill.BillScenario;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The steps of the bill reconciliation end-to-end tests, over HTTP as a person or a
 * script takes them: the sandbox's bill handles ({@code POST /sandbox/bills/settlements},
 * {@code POST /sandbox/bills/scenarios}) and reconcile-service's runs, batches and
 * differences ({@link ReconcileApi}); plus the rows they leave.
 */
final class BillSteps {

    /** A {@code recon_diff} row as {@code GET /recon/diffs} shows it. */
    record Diff(long id, long batchId, String category, String channelTradeNo, String handleStatus, String handledBy,
            String handleNote) {

        static Diff of(JsonNode d) {
            return new Diff(d.path("id").asLong(), d.path("batchId").asLong(), d.path("category").asString(),
                    d.path("channelTradeNo").asString(), d.path("handleStatus").asString(),
                    d.path("handledBy").asString(""), d.path("handleNote").asString(""));
        }

    }

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final LocalPipeline pipeline;

    private final ReconcileApi recon;

    private final Duration wait;

    BillSteps(LocalPipeline pipeline, Duration wait) {
        this.pipeline = pipeline;
        this.recon = new ReconcileApi(pipeline.settings().port(PipelineService.RECONCILE),
                pipeline.settings().accounts().operator());
        this.wait = wait;
    }

    /**
     * A RERUN of the merchant's day started through {@code POST /recon/runs} (202), and
     * the batch once it ended.
     */
    JsonNode reconcile(Channel channel, String merchant, LocalDate day) {
        ReconcileApi.Answer started = recon.startRun(channel, merchant, day, "RERUN");
        assertThat(started.status()).as(started.text()).isEqualTo(202);
        long id = started.body().path("batchId").asLong();
        JsonNode[] batch = new JsonNode[1];
        await().atMost(wait).pollInterval(Duration.ofMillis(200)).until(() -> {
            batch[0] = recon.batch(id).body();
            return !batch[0].path("status").asString().equals("RUNNING");
        });
        return batch[0];
    }

    /** The differences whose last finder is the batch. */
    List<Diff> diffs(long batchId) {
        List<Diff> diffs = new ArrayList<>();
        recon.diffs(batchId).body().forEach(d -> diffs.add(Diff.of(d)));
        return diffs;
    }

    /** A settlement the sandbox's channel made, which the product never heard of. */
    void settle(Channel channel, String merchant, String outTradeNo, String channelTradeNo, long amountMinor,
            String currency, Instant at) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("channel", channel.code());
        body.put("merchantId", merchant);
        body.put("kind", "PAYMENT");
        body.put("outTradeNo", outTradeNo);
        body.put("channelTradeNo", channelTradeNo);
        body.put("amountMinor", amountMinor);
        body.put("currency", currency);
        body.put("at", at.toString());
        assertThat(postToSandbox("/sandbox/bills/settlements", body)).isEqualTo(201);
    }

    /** The merchant's bill of {@code day} served as {@code scenario} says. */
    void arm(Channel channel, String merchant, LocalDate day, BillScenario scenario) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("channel", channel.code());
        body.put("merchantId", merchant);
        body.put("day", day.toString());
        body.put("scenario", scenario.name());
        assertThat(postToSandbox("/sandbox/bills/scenarios", body)).isEqualTo(201);
    }

    /** ops_alert rows of the batch's alert of {@code kind}. */
    static long alerts(JdbcClient jdbc, String kind, long batchId) {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE kind = :k AND alert_key = :key")
            .param("k", kind)
            .param("key", kind + ":" + batchId)
            .query(Long.class)
            .single();
    }

    /** recon_diff rows of the merchant's day, whichever batch found them. */
    static long diffRows(JdbcClient jdbc, String merchant, LocalDate day) {
        return jdbc.sql("SELECT COUNT(*) FROM recon_diff WHERE merchant_id = :m AND bill_day = :d")
            .param("m", merchant)
            .param("d", day)
            .query(Long.class)
            .single();
    }

    private int postToSandbox(String path, Map<String, Object> body) {
        URI uri = URI.create("http://127.0.0.1:" + pipeline.settings().port(PipelineService.SANDBOX) + path);
        try {
            return http
                .send(HttpRequest.newBuilder(uri)
                    .header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(30))
                    .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(body)))
                    .build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
        }
        catch (IOException e) {
            throw new IllegalStateException("the sandbox did not answer " + path, e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
