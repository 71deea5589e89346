package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.core.topic.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * What the re-derive end-to-end tests ask of ingress's {@code POST /ops/rederive} and
 * read back (the answer's rows, the {@code raw_rederive} audit, the
 * {@code RAW_REDERIVE_REJECTED} alerts), for either raw table.
 */
final class RederiveCalls {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private RederiveCalls() {
    }

    /** The answer to {@code json} sent as {@code who}, after checking its status. */
    static JsonNode rederive(int port, OperatorCredentials who, String json, int expectedStatus) throws Exception {
        HttpResponse<String> response = HTTP
            .send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/ops/rederive"))
                .header("Content-Type", "application/json")
                .header("Authorization", who.authorization())
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .timeout(Duration.ofSeconds(30))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(expectedStatus);
        return Json.MAPPER.readTree(response.body());
    }

    /** The answer's line about raw row {@code rawId}. */
    static JsonNode listed(JsonNode report, long rawId) {
        for (JsonNode row : report.get("rows")) {
            if (row.get("rawId").asLong() == rawId) {
                return row;
            }
        }
        throw new AssertionError("raw row " + rawId + " not listed: " + report);
    }

    /** How many audit rows re-derives of {@code table} wrote. */
    static long auditRows(JdbcClient jdbc, String table) {
        return jdbc.sql("SELECT COUNT(*) FROM raw_rederive WHERE raw_table = :t")
            .param("t", table)
            .query(Long.class)
            .single();
    }

    /**
     * The audit rows of these raw rows of {@code table}: a test's own, whatever other
     * tests sharing the database re-derived.
     */
    static long auditRows(JdbcClient jdbc, String table, Collection<Long> rawIds) {
        return jdbc.sql("SELECT COUNT(*) FROM raw_rederive WHERE raw_table = :t AND raw_id IN (:ids)")
            .param("t", table)
            .param("ids", rawIds)
            .query(Long.class)
            .single();
    }

    /** {@code result requested_by reason} of each audit row of raw row {@code rawId}. */
    static List<String> audit(JdbcClient jdbc, String table, long rawId) {
        return jdbc.sql("""
                SELECT CONCAT(result, ' ', requested_by, ' ', reason) FROM raw_rederive
                 WHERE raw_table = :t AND raw_id = :id ORDER BY id""")
            .param("t", table)
            .param("id", rawId)
            .query(String.class)
            .list();
    }

    /** How many RAW_REDERIVE_REJECTED alerts raw row {@code rawId} has. */
    static long rejectedAlerts(JdbcClient jdbc, String table, long rawId) {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE alert_key = :k")
            .param("k", "RAW_REDERIVE_REJECTED:" + table + ":" + rawId)
            .query(Long.class)
            .single();
    }

}
