package io.paypipe.launcher;

import static io.paypipe.launcher.OrderEffects.orderPaidEventIds;
import static io.paypipe.launcher.PipelineFixture.counts;
import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.RederiveCalls.rederive;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.orders;
import static io.paypipe.launcher.PipelineFixture.settings;
import static io.paypipe.launcher.PipelineFixture.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Re-derive from the raw vault, end to end (issue 17): a classifier bug stored two WeChat
 * payments as UNKNOWN and the processor set them aside (handled=2) while their bodies say
 * SUCCESS; two other orders were paid normally; a third set-aside row's stored body was
 * tampered with. With the current classifier, {@code POST /ops/rederive} on ingress: a
 * dry run changes nothing; apply pays the two set-aside orders exactly once (one ledger
 * row, one order.paid event id, the same event id rule as the intake), leaves the paid
 * ones untouched, rejects and reports the tampered row (alert, nothing published); a
 * second apply changes nothing.
 */
class RederiveEndToEndIntegrationTest {

    private static final String MERCHANT = "1900000103";

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void givenRowsSetAsideByAParserBug_whenReDerived_thenPaidOnceOthersUntouchedTamperedRejectedAndIdempotent()
            throws Exception {
        LocalPipeline.Settings settings = settings().withExtra(PipelineService.SANDBOX, "sandbox.merchant-count", "4");
        Instant start = Instant.now().minusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
        try (var pipeline = LocalPipeline.start(settings,
                EnumSet.complementOf(EnumSet.of(PipelineService.RECONCILE)))) {
            JdbcClient jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
            int ingress = pipeline.settings().port(PipelineService.INGRESS);
            OperatorCredentials operator = pipeline.settings().accounts().operator();
            OperatorCredentials viewer = pipeline.settings().accounts().viewer();

            // Given two orders paid normally (callbacks delivered and applied)
            List<String> paid = List.of(newOutTradeNo(), newOutTradeNo());
            for (String no : paid) {
                givenPending(pipeline, jdbc, no, 1_800);
                payments(pipeline).pay(MERCHANT, no, 1_800, null, 1);
            }
            for (String no : paid) {
                await().atMost(WAIT)
                    .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
                await().atMost(WAIT).untilAsserted(() -> assertThat(orderPaidEventIds(MERCHANT, no)).hasSize(1));
            }
            // ... two whose SUCCESS the buggy classifier stored as UNKNOWN, set aside
            List<String> parked = List.of(newOutTradeNo(), newOutTradeNo());
            Map<String, Long> rawIds = new HashMap<>();
            for (String no : parked) {
                rawIds.put(no, BuggyParserRows.setAside(pipeline, jdbc, MERCHANT, no, 2_500, body -> body));
            }
            // ... and one set aside likewise whose stored body was altered since
            String tampered = newOutTradeNo();
            long tamperedRaw = BuggyParserRows.setAside(pipeline, jdbc, MERCHANT, tampered, 3_000,
                    RederiveEndToEndIntegrationTest::flipCiphertext);
            // ... and one row the active query stored (its body the channel's query
            // answer)
            String queried = newOutTradeNo();
            long queriedRaw = BuggyParserRows.setAside(pipeline, jdbc, MERCHANT, queried, 1_200, body -> body);
            jdbc.sql("UPDATE pay_notify_raw SET source = 'QUERY', raw_body = '{\"trade_state\":\"SUCCESS\"}' "
                    + "WHERE id = :id")
                .param("id", queriedRaw)
                .update();
            Map<String, Object> queriedRow = row(jdbc, queriedRaw);
            Map<String, Map<String, Object>> paidRows = rows(jdbc, paid);
            Map<String, Object> tamperedRow = row(jdbc, tamperedRaw);
            Map<String, Set<String>> paidEvents = eventIds(paid);
            Map<Long, Integer> paidPublished = publishedCounts(paidRows);
            String filter = "{\"merchant\":\"" + MERCHANT + "\",\"channel\":\"wechatpay\",\"from\":\"" + start + "\"}";
            List<Long> ownRows = new ArrayList<>(rawIds.values());
            ownRows.addAll(List.of(tamperedRaw, queriedRaw));

            // When an operator asks for a dry run
            JsonNode dry = RederiveCalls.rederive(ingress, operator, "{\"filter\":" + filter + "}", 200);

            // Then it lists what would change per row and changes nothing
            assertThat(dry.get("dryRun").asBoolean()).isTrue();
            assertThat(dry.get("scanned").asInt()).isEqualTo(6);
            assertThat(dry.get("counts").get("WOULD_REDERIVE").asInt()).isEqualTo(2);
            assertThat(dry.get("counts").get("UNCHANGED").asInt()).isEqualTo(2);
            assertThat(dry.get("counts").get("REJECTED").asInt()).isEqualTo(1);
            JsonNode first = RederiveCalls.listed(dry, rawIds.get(parked.get(0)));
            assertThat(first.get("action").asString()).isEqualTo("WOULD_REDERIVE");
            assertThat(first.get("before").asString()).isEqualTo("SUCCESS/UNKNOWN 2500/0 CNY");
            assertThat(first.get("after").asString()).isEqualTo("SUCCESS/SUCCEEDED 2500/2500 CNY");
            assertThat(first.get("orderKey").asString()).endsWith("|" + MERCHANT + "|" + parked.get(0));
            assertThat(RederiveCalls.listed(dry, tamperedRaw).get("detail").asString()).contains("DECRYPT_FAILED");
            assertThat(RederiveCalls.listed(dry, queriedRaw).get("action").asString()).isEqualTo("SKIPPED");
            for (String no : parked) {
                assertThat(row(jdbc, rawIds.get(no))).containsEntry("handled", 2);
                assertThat(status(jdbc, no)).isEqualTo("PENDING");
            }
            assertThat(RederiveCalls.auditRows(jdbc, "pay_notify_raw", ownRows)).isZero();
            assertThat(RederiveCalls.rejectedAlerts(jdbc, "pay_notify_raw", tamperedRaw)).isZero();

            // When apply comes without a reason, it is refused in one sentence
            assertThat(RederiveCalls.rederive(ingress, operator, "{\"apply\":true,\"filter\":" + filter + "}", 400)
                .get("error")
                .asString()).isEqualTo("apply requires a reason");
            // and one that names someone else than the signed-in operator is refused too
            assertThat(RederiveCalls
                .rederive(ingress, operator,
                        "{\"apply\":true,\"requestedBy\":\"alice\",\"reason\":\"x\",\"filter\":" + filter + "}", 400)
                .get("error")
                .asString()).contains("requestedBy is taken from your sign-in");
            // and a viewer may not apply at all
            RederiveCalls.rederive(ingress, viewer, "{\"apply\":true,\"reason\":\"x\",\"filter\":" + filter + "}", 403);
            for (String no : parked) {
                assertThat(row(jdbc, rawIds.get(no))).containsEntry("handled", 2);
            }
            assertThat(RederiveCalls.auditRows(jdbc, "pay_notify_raw", ownRows)).isZero();

            // When the operator applies it
            JsonNode applied = RederiveCalls.rederive(ingress, operator,
                    "{\"apply\":true,\"reason\":\"fix of " + "the SUCCESS classifier\",\"filter\":" + filter + "}",
                    200);

            // Then the two set-aside orders are paid exactly once, by the processor
            assertThat(applied.get("counts").get("REDERIVED").asInt()).isEqualTo(2);
            assertThat(applied.get("counts").get("REJECTED").asInt()).isEqualTo(1);
            for (String no : parked) {
                await().atMost(WAIT)
                    .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
                await().atMost(WAIT).untilAsserted(() -> assertThat(orderPaidEventIds(MERCHANT, no)).hasSize(1));
                await().atMost(WAIT)
                    .untilAsserted(() -> assertThat(row(jdbc, rawIds.get(no))).containsEntry("handled", 1)
                        .containsEntry("outcome", "APPLIED")
                        .containsEntry("payment_state", "SUCCEEDED"));
                // ... published under the intake's event id of the row, once
                assertThat(published(rawIds.get(no))).singleElement().satisfies(n -> {
                    assertThat(n.eventId()).isEqualTo(PaymentNotified.idFor(rawIds.get(no)));
                    assertThat(n.channelState()).isEqualTo("SUCCESS");
                });
            }
            // ... the paid ones are untouched: same rows, no new order.paid event
            assertThat(rows(jdbc, paid)).isEqualTo(paidRows);
            assertThat(eventIds(paid)).isEqualTo(paidEvents);
            assertThat(publishedCounts(paidRows)).isEqualTo(paidPublished);
            // ... and the tampered row is rejected, reported, not published
            assertThat(row(jdbc, tamperedRaw)).isEqualTo(tamperedRow);
            assertThat(status(jdbc, tampered)).isEqualTo("PENDING");
            assertThat(published(tamperedRaw)).isEmpty();
            assertThat(RederiveCalls.rejectedAlerts(jdbc, "pay_notify_raw", tamperedRaw)).isOne();
            // ... and the active query's row is skipped, not judged by a callback's
            // checks
            assertThat(RederiveCalls.listed(applied, queriedRaw).get("action").asString()).isEqualTo("SKIPPED");
            assertThat(row(jdbc, queriedRaw)).isEqualTo(queriedRow);
            assertThat(RederiveCalls.rejectedAlerts(jdbc, "pay_notify_raw", queriedRaw)).isZero();
            assertThat(RederiveCalls.audit(jdbc, "pay_notify_raw", rawIds.get(parked.get(0))))
                .isEqualTo(List.of("REDERIVED " + operator.user() + " fix of the SUCCESS classifier"));
            assertThat(RederiveCalls.audit(jdbc, "pay_notify_raw", tamperedRaw))
                .isEqualTo(List.of("REJECTED " + operator.user() + " fix of the SUCCESS classifier"));

            // When it is applied a second time
            Map<String, Map<String, Object>> after = rows(jdbc, parked);
            JsonNode again = RederiveCalls.rederive(ingress, operator,
                    "{\"apply\":true,\"reason\":\"again\"," + "\"filter\":" + filter + "}", 200);

            // Then nothing changes
            assertThat(again.get("counts").has("REDERIVED")).isFalse();
            assertThat(again.get("counts").get("UNCHANGED").asInt()).isEqualTo(4);
            assertThat(rows(jdbc, parked)).isEqualTo(after);
            for (String no : parked) {
                assertThat(published(rawIds.get(no))).hasSize(1);
                assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1));
                assertThat(orderPaidEventIds(MERCHANT, no)).hasSize(1);
            }
            assertThat(RederiveCalls.rejectedAlerts(jdbc, "pay_notify_raw", tamperedRaw)).isOne();
        }
    }

    private static void givenPending(LocalPipeline pipeline, JdbcClient jdbc, String no, long fen) {
        orders(pipeline).create(MERCHANT, no, fen);
        await().atMost(WAIT).until(() -> status(jdbc, no), "PENDING"::equals);
    }

    private static WechatPayPayments payments(LocalPipeline pipeline) {
        return pipeline.bean(PipelineService.SANDBOX, WechatPayPayments.class);
    }

    /**
     * One character of the resource's ciphertext changed (still Base64 of its length).
     */
    static String flipCiphertext(String body) {
        int at = body.indexOf("\"ciphertext\"");
        int value = body.indexOf('"', body.indexOf(':', at) + 1) + 1 + 8;
        char c = body.charAt(value);
        return body.substring(0, value) + (c == 'A' ? 'B' : 'A') + body.substring(value + 1);
    }

    private static Map<String, Object> row(JdbcClient jdbc, long id) {
        return jdbc.sql("SELECT * FROM pay_notify_raw WHERE id = :id").param("id", id).query().singleRow();
    }

    private static Map<String, Map<String, Object>> rows(JdbcClient jdbc, List<String> outTradeNos) {
        Map<String, Map<String, Object>> rows = new HashMap<>();
        for (String no : outTradeNos) {
            rows.put(no,
                    jdbc.sql("SELECT * FROM pay_notify_raw WHERE merchant_id = :m AND out_trade_no = :o")
                        .param("m", MERCHANT)
                        .param("o", no)
                        .query()
                        .singleRow());
        }
        return rows;
    }

    private static Map<String, Set<String>> eventIds(List<String> outTradeNos) {
        Map<String, Set<String>> ids = new HashMap<>();
        outTradeNos.forEach(no -> ids.put(no, orderPaidEventIds(MERCHANT, no)));
        return ids;
    }

    /** The payment.notify records of raw row {@code rawId}. */
    private static List<PaymentNotified> published(long rawId) {
        return TopicSnapshot.read(TestInfra.get().bootstrapServers(), Topics.PAYMENT_NOTIFY,
                (PaymentNotified n) -> n.rawId() == rawId);
    }

    /** How many payment.notify records each of {@code rows} has, by raw id. */
    private static Map<Long, Integer> publishedCounts(Map<String, Map<String, Object>> rows) {
        Map<Long, Integer> counts = new HashMap<>();
        rows.values().forEach(r -> {
            long id = ((Number) r.get("id")).longValue();
            counts.put(id, published(id).size());
        });
        return counts;
    }

}
