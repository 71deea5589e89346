package io.paypipe.reconcile.status;

import io.paypipe.support.testing.TestAccounts;
import static io.paypipe.reconcile.support.Rows.newMerchant;
import static io.paypipe.reconcile.support.Rows.newOutTradeNo;
import static io.paypipe.reconcile.support.Rows.now;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paypipe.core.topic.Json;
import io.paypipe.reconcile.support.ReconcileIntegrationBase;
import io.paypipe.reconcile.support.Rows.PaymentRaw;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /status}: the morning numbers with their oldest examples, for one merchant
 * (the database is shared, so each test asks about its own merchant) or all.
 */
class StatusIntegrationTest extends ReconcileIntegrationBase {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void givenStaleRowsOfEveryKind_whenStatusIsAsked_thenEachNumberCountsThemWithItsOldestExample() throws Exception {
        // Given, for one merchant, two stale rows (and fresh or settled ones) of every
        // kind
        String m = newMerchant();
        Instant now = now();
        PaymentRaw unsettled = PaymentRaw.unsettled(m, now.minus(Duration.ofMinutes(40)));
        long unsettledId = rows.insert(unsettled);
        rows.insert(PaymentRaw.unsettled(m, now.minus(Duration.ofMinutes(20))));
        rows.insert(PaymentRaw.unsettled(m, now.minus(Duration.ofMinutes(2))));
        rows.insert(PaymentRaw.unsettled(m, now.minus(Duration.ofDays(3))).settled(1, now.minus(Duration.ofDays(3))));
        PaymentRaw setAside = PaymentRaw.unsettled(m, now.minus(Duration.ofHours(31)))
            .settled(2, now.minus(Duration.ofHours(30)));
        long setAsideId = rows.insert(setAside);
        rows.insert(
                PaymentRaw.unsettled(m, now.minus(Duration.ofHours(40))).settled(2, now.minus(Duration.ofHours(25))));
        rows.insert(
                PaymentRaw.unsettled(m, now.minus(Duration.ofHours(40))).settled(2, now.minus(Duration.ofHours(1))));
        String pendingOut = newOutTradeNo();
        long pendingId = rows.order(m, pendingOut, "PENDING", now.minus(Duration.ofHours(5)));
        rows.order(m, newOutTradeNo(), "PENDING", now.minus(Duration.ofHours(3)));
        rows.order(m, newOutTradeNo(), "PAID", now.minus(Duration.ofHours(6)));
        String queriedOut = newOutTradeNo();
        long queried = rows.order(m, queriedOut, "PENDING", now.minus(Duration.ofMinutes(50)));
        rows.paymentQuery(queried, m, queriedOut, "ACTIVE", now.minus(Duration.ofMinutes(50)));
        String closingOut = newOutTradeNo();
        long closing = rows.order(m, closingOut, "PENDING", now.minus(Duration.ofMinutes(30)));
        rows.paymentQuery(closing, m, closingOut, "CLOSING", now.minus(Duration.ofMinutes(30)));
        String doneOut = newOutTradeNo();
        long done = rows.order(m, doneOut, "PAID", now.minus(Duration.ofMinutes(70)));
        rows.paymentQuery(done, m, doneOut, "DONE", now.minus(Duration.ofMinutes(70)));
        String refundOut = newOutTradeNo();
        long refundUnsettled = rows.refundRaw(m, refundOut, 0, now.minus(Duration.ofMinutes(45)),
                now.minus(Duration.ofMinutes(45)));
        rows.refundRaw(m, newOutTradeNo(), 0, now.minus(Duration.ofMinutes(1)), now.minus(Duration.ofMinutes(1)));
        long refundSetAside = rows.refundRaw(m, null, 2, now.minus(Duration.ofHours(27)),
                now.minus(Duration.ofHours(26)));

        // When
        HttpResponse<String> response = get("/status?merchant=" + m, "application/json");

        // Then
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Paypipe-Nonzero")).hasValue("6");
        JsonNode status = Json.MAPPER.readTree(response.body());
        assertThat(status.path("merchant").asString()).isEqualTo(m);
        assertThat(status.path("nonzero").asInt()).isEqualTo(6);
        assertNumber(status, "payments_unsettled", 2, "raw_id", unsettledId, unsettled.outTradeNo(), "wechatpay", m,
                Duration.ofMinutes(40));
        assertNumber(status, "payments_set_aside", 2, "raw_id", setAsideId, setAside.outTradeNo(), "wechatpay", m,
                Duration.ofHours(30));
        assertNumber(status, "orders_past_expiry", 2, "order_id", pendingId, pendingOut, "alipay", m,
                Duration.ofHours(5));
        assertNumber(status, "queries_in_flight", 2, "order_id", queried, queriedOut, "alipay", m,
                Duration.ofMinutes(50));
        assertNumber(status, "refunds_unsettled", 1, "raw_id", refundUnsettled, refundOut, "wechatpay", m,
                Duration.ofMinutes(45));
        assertNumber(status, "refunds_set_aside", 1, "raw_id", refundSetAside, null, "wechatpay", m,
                Duration.ofHours(26));
        // all merchants: at least these
        JsonNode all = Json.MAPPER.readTree(get("/status", "application/json").body());
        assertThat(all.path("merchant").isNull()).isTrue();
        assertThat(number(all, "payments_unsettled").path("count").asLong()).isGreaterThanOrEqualTo(2);
        assertThat(number(all, "orders_past_expiry").path("count").asLong()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void givenOnlyFreshOrSettledRows_whenStatusIsAsked_thenEveryNumberIsZero() throws Exception {
        String m = newMerchant();
        Instant now = now();
        rows.insert(PaymentRaw.unsettled(m, now.minus(Duration.ofMinutes(5))));
        rows.insert(
                PaymentRaw.unsettled(m, now.minus(Duration.ofHours(30))).settled(2, now.minus(Duration.ofHours(2))));
        rows.insert(PaymentRaw.unsettled(m, now.minus(Duration.ofDays(2))).settled(1, now.minus(Duration.ofDays(2))));
        rows.order(m, newOutTradeNo(), "PENDING", now.minus(Duration.ofMinutes(90)));
        String out = newOutTradeNo();
        rows.paymentQuery(rows.order(m, out, "CLOSED", now.minus(Duration.ofHours(3))), m, out, "DONE",
                now.minus(Duration.ofHours(3)));
        rows.refundRaw(m, newOutTradeNo(), 0, now.minus(Duration.ofMinutes(3)), now.minus(Duration.ofMinutes(3)));

        HttpResponse<String> response = get("/status?merchant=" + m, "*/*");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
            .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(response.headers().firstValue("Paypipe-Nonzero")).hasValue("0");
        JsonNode status = Json.MAPPER.readTree(response.body());
        assertThat(status.path("nonzero").asInt()).isZero();
        assertThat(status.path("numbers")).hasSize(8).allSatisfy(n -> {
            assertThat(n.path("count").asLong()).isZero();
            assertThat(n.path("oldest").isNull()).isTrue();
        });
    }

    @Test
    void givenAStaleRow_whenTheTableIsAsked_thenItNamesTheOldestExampleAndCountsTheNonzeroNumbers() throws Exception {
        String m = newMerchant();
        long id = rows.insert(PaymentRaw.unsettled(m, now().minus(Duration.ofMinutes(30))));

        HttpResponse<String> response = get("/status?merchant=" + m, "text/plain");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Paypipe-Nonzero")).hasValue("1");
        assertThat(response.body()).contains("(merchant " + m + ")")
            .containsPattern("pay_notify_raw handled=0 stored more than 10m ago +1  raw " + id
                    + "  wechatpay  merchant " + m + "  out_trade_no O-\\S+  age 3[01]m\\d\\ds")
            .contains("1 of 8 numbers are not zero");
    }

    @Test
    void givenABlockedDayAndAnOldOpenDifference_whenStatusIsAsked_thenTheReconNumbersCountThem() throws Exception {
        // Given a day blocked then reconciled (not counted), a day reconciled then
        // blocked
        // (counted), an OPEN difference found 30 min ago (counted), one found 2 min ago
        // and a resolved one (not counted)
        String m = newMerchant();
        Instant now = now();
        LocalDate day = LocalDate.of(2026, 11, 20);
        batch(m, day, 0, "BLOCKED", now.minus(Duration.ofHours(30)));
        batch(m, day, 1, "CLEAN", now.minus(Duration.ofHours(29)));
        batch(m, day.plusDays(1), 0, "CLEAN", now.minus(Duration.ofHours(6)));
        long blocked = batch(m, day.plusDays(1), 1, "BLOCKED", now.minus(Duration.ofHours(5)));
        long old = diff(m, day, "T-OLD", "OPEN", now.minus(Duration.ofMinutes(30)));
        diff(m, day, "T-NEW", "OPEN", now.minus(Duration.ofMinutes(2)));
        diff(m, day, "T-DONE", "RESOLVED", now.minus(Duration.ofHours(2)));

        // When
        JsonNode status = Json.MAPPER.readTree(get("/status?merchant=" + m, "application/json").body());

        // Then
        assertThat(status.path("nonzero").asInt()).isEqualTo(2);
        assertNumber(status, "recon_days_blocked", 1, "batch_id", blocked, null, "wechatpay", m, Duration.ofHours(5));
        assertNumber(status, "recon_diffs_open", 1, "diff_id", old, null, "wechatpay", m, Duration.ofMinutes(30));
        String table = get("/status?merchant=" + m, "text/plain").body();
        assertThat(table).contains("batch " + blocked + "  wechatpay  merchant " + m)
            .contains("diff " + old + "  wechatpay  merchant " + m)
            .contains("2 of 8 numbers are not zero");
    }

    private long batch(String merchant, LocalDate day, int runNo, String status, Instant startedAt) {
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO recon_batch (channel, merchant_id, bill_day, run_kind, run_no, source, status, started_at,
                                         finished_at)
                VALUES ('wechatpay', :merchant, :day, 'RERUN', :runNo, 'IMPORT', :status, :at, :at)
                """)
            .param("merchant", merchant)
            .param("day", day)
            .param("runNo", runNo)
            .param("status", status)
            .param("at", Timestamp.from(startedAt))
            .update(key);
        return key.getKey().longValue();
    }

    private long diff(String merchant, LocalDate day, String tradeNo, String handleStatus, Instant createdAt) {
        KeyHolder key = new GeneratedKeyHolder();
        jdbc.sql(
                """
                        INSERT INTO recon_diff (batch_id, channel, merchant_id, bill_day, category, channel_trade_no, field,
                                                channel_value, handle_status, created_at, updated_at)
                        VALUES (0, 'wechatpay', :merchant, :day, 'CHANNEL_ONLY', :trade, 'payment', '100 CNY', :status, :at, :at)
                        """)
            .param("merchant", merchant)
            .param("day", day)
            .param("trade", tradeNo)
            .param("status", handleStatus)
            .param("at", Timestamp.from(createdAt))
            .update(key);
        return key.getKey().longValue();
    }

    @Test
    void givenAMerchantLongerThanAnyId_whenStatusIsAsked_thenItIsRefused() throws Exception {
        assertThat(get("/status?merchant=" + "x".repeat(65), "application/json").statusCode()).isEqualTo(400);
    }

    private static void assertNumber(JsonNode status, String name, long count, String idField, long id,
            String outTradeNo, String channel, String merchant, Duration age) {
        JsonNode n = number(status, name);
        assertThat(n.path("count").asLong()).as(name).isEqualTo(count);
        JsonNode oldest = n.path("oldest");
        assertThat(oldest.path(idField).asLong()).as(name).isEqualTo(id);
        assertThat(oldest.path("channel").asString()).as(name).isEqualTo(channel);
        assertThat(oldest.path("merchant").asString()).as(name).isEqualTo(merchant);
        if (outTradeNo == null) {
            assertThat(oldest.has("out_trade_no")).as(name).isFalse();
        }
        else {
            assertThat(oldest.path("out_trade_no").asString()).as(name).isEqualTo(outTradeNo);
        }
        assertThat(oldest.path("age_seconds").asLong()).as(name).isCloseTo(age.toSeconds(), within(60L));
    }

    private static JsonNode number(JsonNode status, String name) {
        for (JsonNode n : status.path("numbers")) {
            if (name.equals(n.path("name").asString())) {
                return n;
            }
        }
        throw new AssertionError("no number " + name + " in " + status);
    }

    private HttpResponse<String> get(String path, String accept) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", TestAccounts.OPERATOR.authorization())
            .header("Accept", accept)
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
    }

}
