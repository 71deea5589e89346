package io.paypipe.reconcile.recon.diff;

import io.paypipe.support.testing.TestAccounts;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Json;
import io.paypipe.reconcile.bill.guard.BillDay;
import io.paypipe.reconcile.support.ReconcileIntegrationBase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The comparison's integration tests: reconcile-service on the shared database and broker
 * ({@link ReconcileIntegrationBase}, whose context sweeps the differences every 300 ms),
 * fixture rows ({@link ReconRows}) and the differences of a merchant read back. Days are
 * WeChat Pay's (Asia/Shanghai).
 */
abstract class DiffIntegrationBase extends ReconcileIntegrationBase {

    static final LocalDate DAY = LocalDate.of(2026, 11, 29);

    static final BillDay BILL_DAY = new BillDay(Channel.WECHATPAY, DAY);

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    DiffFinder finder;

    ReconRows recon;

    @BeforeEach
    void reconRows() {
        recon = new ReconRows(jdbc);
    }

    /** {@code time} (hh:mm:ss) of {@code day} in Beijing. */
    static Instant beijing(LocalDate day, String time) {
        return day.atTime(LocalTime.parse(time)).atZone(BILL_DAY.zone()).toInstant();
    }

    /** A RUNNING WeChat batch of {@code merchant}'s {@link #DAY} with {@code lines}. */
    long batch(String merchant, ReconRows.Line... lines) {
        long id = recon.batch(Channel.WECHATPAY, merchant, DAY, "RUNNING");
        recon.lines(id, lines);
        return id;
    }

    DiffCounts compare(long batchId, String merchant) {
        return finder.compare(BatchScope.of(batchId, BILL_DAY, merchant));
    }

    /** Every difference of {@code merchant}, by id. */
    List<Map<String, Object>> diffs(String merchant) {
        return jdbc.sql("""
                SELECT id, batch_id, bill_day, category, channel_trade_no, refund_no, channel_refund_id, field,
                       channel_value, local_value, handle_status, handled_by, handle_note
                  FROM recon_diff WHERE merchant_id = :merchant ORDER BY id
                """).param("merchant", merchant).query().listOfRows();
    }

    HttpResponse<String> post(String path, Map<String, String> body) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(Json.MAPPER.writeValueAsString(body)))
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(uri(path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

}
