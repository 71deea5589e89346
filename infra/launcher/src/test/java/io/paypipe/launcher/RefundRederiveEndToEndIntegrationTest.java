package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.RederiveCalls.rederive;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.orders;
import static io.paypipe.launcher.PipelineFixture.settings;
import static io.paypipe.launcher.PipelineFixture.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderRefunded;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.event.RefundState;
import io.paypipe.core.signin.OperatorCredentials;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.wechatpay.RefundRecord;
import io.paypipe.sandbox.wechatpay.RefundScenario;
import io.paypipe.sandbox.wechatpay.RefundStatus;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import io.paypipe.sandbox.wechatpay.WechatPayRefundDesk;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import tools.jackson.databind.JsonNode;

/**
 * Re-derive of refund notices from the raw vault, end to end (issue 17): a refund
 * classifier bug stored two WeChat REFUND.SUCCESS notices of refunds still in flight at
 * refund-service as UNKNOWN, and refund-service set them aside (handled=2); two other
 * refunds settled normally; one set-aside notice's refund was settled meanwhile (by the
 * query); a last set-aside notice's stored body was tampered with. {@code POST
 * /ops/rederive} with {@code table pay_refund_raw}: a dry run changes nothing; apply
 * settles the two refunds exactly once (one SUCCESS transition, one order.refunded event,
 * the notice republished once under the intake's event id), republishes the one settled
 * meanwhile without a second effect (refund-service's guard), leaves the settled ones
 * untouched, rejects the tampered one with RAW_REDERIVE_REJECTED; a second apply changes
 * nothing.
 */
class RefundRederiveEndToEndIntegrationTest {

    private static final String MERCHANT = "1900000103";

    private static final Duration WAIT = Duration.ofSeconds(60);

    private static final long PAID = 1_800;

    private static final long REFUND = 400;

    @Test
    void givenRefundNoticesSetAsideByAParserBug_whenReDerived_thenSettledOnceOthersUntouchedTamperedRejected()
            throws Exception {
        LocalPipeline.Settings settings = settings().withExtra(PipelineService.SANDBOX, "sandbox.merchant-count", "4");
        Instant start = Instant.now().minusSeconds(1).truncatedTo(ChronoUnit.SECONDS);
        try (var pipeline = LocalPipeline.start(settings,
                EnumSet.complementOf(EnumSet.of(PipelineService.RECONCILE)))) {
            JdbcClient jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
            int ingress = pipeline.settings().port(PipelineService.INGRESS);
            OperatorCredentials operator = pipeline.settings().accounts().operator();
            DemoRefundApi api = new DemoRefundApi(pipeline.settings().port(PipelineService.REFUND), operator);

            // Given two refunds settled normally (notice delivered and applied)
            List<String> settled = List.of(newRefundNo(), newRefundNo());
            for (String no : settled) {
                givenRefund(pipeline, jdbc, api, no, RefundScenario.SUCCESS_AT_ONCE);
                await().atMost(WAIT).until(() -> refundStatus(jdbc, no), "SUCCESS"::equals);
                await().atMost(WAIT).until(() -> handled(jdbc, no), List.of(1)::equals);
            }
            // ... two in flight whose SUCCESS notice the buggy classifier stored as
            // UNKNOWN, set aside
            List<String> parked = List.of(newRefundNo(), newRefundNo());
            Map<String, Long> rawIds = new HashMap<>();
            for (String no : parked) {
                givenRefund(pipeline, jdbc, api, no, RefundScenario.STAY_PROCESSING);
                rawIds.put(no, storeAsTheBuggyParserDid(pipeline, jdbc, no, body -> body));
            }
            // ... one whose notice was set aside likewise while the query settled it
            String meanwhile = newRefundNo();
            givenRefund(pipeline, jdbc, api, meanwhile, RefundScenario.SUCCESS_AT_ONCE);
            await().atMost(WAIT).until(() -> handled(jdbc, meanwhile), List.of(1)::equals);
            long meanwhileRaw = setAsideAsTheBuggyParserDid(jdbc, meanwhile);
            // ... and one whose set-aside notice's stored body was altered since
            String tampered = newRefundNo();
            givenRefund(pipeline, jdbc, api, tampered, RefundScenario.STAY_PROCESSING);
            long tamperedRaw = storeAsTheBuggyParserDid(pipeline, jdbc, tampered,
                    RederiveEndToEndIntegrationTest::flipCiphertext);
            Map<String, Object> tamperedRow = row(jdbc, tamperedRaw);
            Map<Long, Map<String, Object>> settledRows = rows(jdbc, settled);
            Map<String, Integer> settledEvents = refundedEvents(settled);
            String filter = "{\"merchant\":\"" + MERCHANT + "\",\"channel\":\"wechatpay\",\"from\":\"" + start + "\"}";
            String table = "\"table\":\"pay_refund_raw\"";

            // When an operator asks for a dry run of the refund notices
            JsonNode dry = RederiveCalls.rederive(ingress, operator, "{" + table + ",\"filter\":" + filter + "}", 200);

            // Then it lists what would change per row and changes nothing
            assertThat(dry.get("table").asString()).isEqualTo("pay_refund_raw");
            assertThat(dry.get("dryRun").asBoolean()).isTrue();
            assertThat(dry.get("scanned").asInt()).isEqualTo(6);
            assertThat(dry.get("counts").get("WOULD_REDERIVE").asInt()).isEqualTo(3);
            assertThat(dry.get("counts").get("UNCHANGED").asInt()).isEqualTo(2);
            assertThat(dry.get("counts").get("REJECTED").asInt()).isEqualTo(1);
            JsonNode first = RederiveCalls.listed(dry, rawIds.get(parked.get(0)));
            assertThat(first.get("before").asString()).startsWith("SUCCESS/UNKNOWN " + REFUND + "/");
            assertThat(first.get("after").asString()).startsWith("SUCCESS/SUCCEEDED " + REFUND + "/");
            assertThat(first.get("refundKey").asString()).isEqualTo(parked.get(0));
            assertThat(RederiveCalls.listed(dry, tamperedRaw).get("detail").asString()).contains("DECRYPT_FAILED");
            for (String no : parked) {
                assertThat(handled(jdbc, no)).containsExactly(2);
                assertThat(refundStatus(jdbc, no)).isNotEqualTo("SUCCESS");
            }
            List<Long> ownRows = new ArrayList<>(rawIds.values());
            ownRows.add(tamperedRaw);
            assertThat(RederiveCalls.auditRows(jdbc, "pay_refund_raw", ownRows)).isZero();
            // ... and a refund filter by the processor's outcome is refused in one
            // sentence
            assertThat(RederiveCalls
                .rederive(ingress, operator, "{" + table + ",\"filter\":{\"outcome\":\"UNKNOWN_STATE\"}}", 400)
                .get("error")
                .asString()).isEqualTo("pay_refund_raw has no outcome: filter by handled or lastError");

            // When the operator applies it
            JsonNode applied = rederive(
                    ingress, operator, "{" + table
                            + ",\"apply\":true,\"reason\":\"fix of the refund classifier\",\"filter\":" + filter + "}",
                    200);

            // Then the two set-aside refunds are settled exactly once, by refund-service
            assertThat(applied.get("counts").get("REDERIVED").asInt()).isEqualTo(3);
            assertThat(applied.get("counts").get("REJECTED").asInt()).isEqualTo(1);
            for (String no : parked) {
                await().atMost(WAIT).until(() -> handled(jdbc, no), List.of(1)::equals);
                assertThat(refundStatus(jdbc, no)).isEqualTo("SUCCESS");
                assertThat(successTransitions(jdbc, no)).isOne();
                await().atMost(WAIT).untilAsserted(() -> assertThat(refundedEvents(List.of(no))).containsEntry(no, 1));
                assertThat(row(jdbc, rawIds.get(no))).containsEntry("derived_state", "SUCCEEDED");
                // ... published under the intake's event id of the row, once
                assertThat(published(rawIds.get(no))).singleElement().satisfies(n -> {
                    assertThat(n.eventId()).isEqualTo(RefundNotified.idFor(rawIds.get(no)));
                    assertThat(n.state()).isEqualTo(RefundState.SUCCEEDED);
                });
            }
            // ... the one settled meanwhile is republished once and changes nothing more:
            // one transition, one order.refunded event id (refund-service publishes its
            // event again, under the same id, for every notice of a final refund)
            await().atMost(WAIT).until(() -> handled(jdbc, meanwhile), List.of(1)::equals);
            assertThat(successTransitions(jdbc, meanwhile)).isOne();
            assertThat(refundedEventIds(meanwhile)).hasSize(1);
            assertThat(published(meanwhileRaw)).hasSize(2);
            // ... the settled ones are untouched: same rows, no new event
            assertThat(rows(jdbc, settled)).isEqualTo(settledRows);
            assertThat(refundedEvents(settled)).isEqualTo(settledEvents);
            // ... and the tampered one is rejected, reported, not published
            assertThat(row(jdbc, tamperedRaw)).isEqualTo(tamperedRow);
            assertThat(refundStatus(jdbc, tampered)).isNotEqualTo("SUCCESS");
            assertThat(published(tamperedRaw)).isEmpty();
            assertThat(RederiveCalls.rejectedAlerts(jdbc, "pay_refund_raw", tamperedRaw)).isOne();
            assertThat(RederiveCalls.audit(jdbc, "pay_refund_raw", rawIds.get(parked.get(0))))
                .isEqualTo(List.of("REDERIVED " + operator.user() + " fix of the refund classifier"));
            assertThat(RederiveCalls.audit(jdbc, "pay_refund_raw", tamperedRaw))
                .isEqualTo(List.of("REJECTED " + operator.user() + " fix of the refund classifier"));

            // When it is applied a second time
            Map<Long, Map<String, Object>> after = rows(jdbc, parked);
            JsonNode again = RederiveCalls.rederive(ingress, operator,
                    "{" + table + ",\"apply\":true,\"reason\":\"again\",\"filter\":" + filter + "}", 200);

            // Then nothing changes
            assertThat(again.get("counts").has("REDERIVED")).isFalse();
            assertThat(again.get("counts").get("UNCHANGED").asInt()).isEqualTo(5);
            assertThat(rows(jdbc, parked)).isEqualTo(after);
            for (String no : parked) {
                assertThat(published(rawIds.get(no))).hasSize(1);
                assertThat(successTransitions(jdbc, no)).isOne();
                assertThat(refundedEvents(List.of(no))).containsEntry(no, 1);
            }
            assertThat(RederiveCalls.rejectedAlerts(jdbc, "pay_refund_raw", tamperedRaw)).isOne();
        }
    }

    private static String newRefundNo() {
        return "RF" + newOutTradeNo().substring(3);
    }

    /**
     * A paid order ({@code RF...} refunded as {@code OT...}) and refund {@code refundNo}
     * of {@link #REFUND} asked of refund-service, which WeChat treats as
     * {@code scenario}.
     */
    private static void givenRefund(LocalPipeline pipeline, JdbcClient jdbc, DemoRefundApi api, String refundNo,
            RefundScenario scenario) {
        String no = outTradeNo(refundNo);
        orders(pipeline).create(MERCHANT, no, PAID);
        await().atMost(WAIT).until(() -> status(jdbc, no), "PENDING"::equals);
        pipeline.bean(PipelineService.SANDBOX, WechatPayPayments.class).pay(MERCHANT, no, PAID, null, 1);
        await().atMost(WAIT).until(() -> status(jdbc, no), "PAID"::equals);
        desk(pipeline).chooseScenario(MERCHANT, refundNo, null, scenario);
        DemoRefundApi.Answer answer = api.create(MERCHANT, no, REFUND, refundNo, "re-derive test");
        assertThat(answer.status()).as("%s", answer).isEqualTo(201);
    }

    private static String outTradeNo(String refundNo) {
        return "OT" + refundNo.substring(2);
    }

    private static WechatPayRefundDesk desk(LocalPipeline pipeline) {
        return pipeline.bean(PipelineService.SANDBOX, WechatPayRefundDesk.class);
    }

    /**
     * WeChat's REFUND.SUCCESS notice of the refund (never pushed), stored as ingress
     * stored it with a classifier that took SUCCESS for an unknown state, and set aside
     * as refund-service set it aside; {@code edit} changes the stored body.
     */
    private static long storeAsTheBuggyParserDid(LocalPipeline pipeline, JdbcClient jdbc, String refundNo,
            UnaryOperator<String> edit) {
        RefundRecord made = desk(pipeline).find(MERCHANT, refundNo).orElseThrow();
        var notice = pipeline.bean(PipelineService.SANDBOX, WechatPayNotifications.class)
            .refund(made.spec().withStatus(RefundStatus.SUCCESS).withSuccessTime(Instant.now()));
        String tenant = jdbc.sql("SELECT tenant_id FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", MERCHANT)
            .param("o", outTradeNo(refundNo))
            .query(String.class)
            .single();
        Timestamp now = Timestamp.from(Instant.now());
        var keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO pay_refund_raw (tenant_id, merchant_id, sp_merchant_id, channel, refund_no, refund_key,
                    channel_refund_id, channel_trade_no, out_trade_no, notify_id, refund_state, derived_state,
                    refund_amount_minor, refunded_total_minor, currency, handled, attempts, last_error, raw_body,
                    created_at, updated_at, last_delivered_at)
                VALUES (:tenant, :merchant, NULL, 'wechatpay', :refundNo, :refundNo, :refundId, :tradeNo, :out,
                    :notifyId, 'SUCCESS', 'UNKNOWN', :amount, NULL, 'CNY', 2, 0,
                    'unknown refund state SUCCESS: decide it by hand', :body, :now, :now, :now)""")
            .param("tenant", tenant)
            .param("merchant", MERCHANT)
            .param("refundNo", refundNo)
            .param("refundId", made.refundId())
            .param("tradeNo", made.spec().transactionId())
            .param("out", outTradeNo(refundNo))
            .param("notifyId", notice.id())
            .param("amount", made.refundFen())
            .param("body", edit.apply(new String(notice.body(), StandardCharsets.UTF_8)))
            .param("now", now)
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    /**
     * The delivered notice of refund {@code refundNo} as the buggy classifier left it
     * (UNKNOWN, set aside), while its refund was settled another way; its raw id.
     */
    private static long setAsideAsTheBuggyParserDid(JdbcClient jdbc, String refundNo) {
        jdbc.sql("""
                UPDATE pay_refund_raw SET derived_state = 'UNKNOWN', handled = 2,
                       last_error = 'unknown refund state SUCCESS: decide it by hand'
                 WHERE merchant_id = :m AND refund_no = :no""").param("m", MERCHANT).param("no", refundNo).update();
        return jdbc.sql("SELECT id FROM pay_refund_raw WHERE merchant_id = :m AND refund_no = :no")
            .param("m", MERCHANT)
            .param("no", refundNo)
            .query(Long.class)
            .single();
    }

    private static String refundStatus(JdbcClient jdbc, String refundNo) {
        return jdbc.sql("SELECT status FROM refund WHERE merchant_id = :m AND refund_no = :no")
            .param("m", MERCHANT)
            .param("no", refundNo)
            .query(String.class)
            .optional()
            .orElse("ABSENT");
    }

    /** The handled column of each notice row of refund {@code refundNo}. */
    private static List<Integer> handled(JdbcClient jdbc, String refundNo) {
        return jdbc.sql("SELECT handled FROM pay_refund_raw WHERE merchant_id = :m AND refund_no = :no")
            .param("m", MERCHANT)
            .param("no", refundNo)
            .query(Integer.class)
            .list();
    }

    private static long successTransitions(JdbcClient jdbc, String refundNo) {
        return jdbc.sql("""
                SELECT COUNT(*) FROM refund_transition t JOIN refund r ON r.id = t.refund_id
                 WHERE r.merchant_id = :m AND r.refund_no = :no AND t.to_status = 'SUCCESS'""")
            .param("m", MERCHANT)
            .param("no", refundNo)
            .query(Long.class)
            .single();
    }

    private static Map<String, Object> row(JdbcClient jdbc, long id) {
        return jdbc.sql("SELECT * FROM pay_refund_raw WHERE id = :id").param("id", id).query().singleRow();
    }

    private static Map<Long, Map<String, Object>> rows(JdbcClient jdbc, List<String> refundNos) {
        Map<Long, Map<String, Object>> rows = new HashMap<>();
        for (String no : refundNos) {
            jdbc.sql("SELECT * FROM pay_refund_raw WHERE merchant_id = :m AND refund_no = :no")
                .param("m", MERCHANT)
                .param("no", no)
                .query()
                .listOfRows()
                .forEach(r -> rows.put(((Number) r.get("id")).longValue(), r));
        }
        return rows;
    }

    /** How many order.refunded events each refund has. */
    private static Map<String, Integer> refundedEvents(List<String> refundNos) {
        List<OrderRefunded> all = TopicSnapshot.read(TestInfra.get().bootstrapServers(), Topics.ORDER_REFUNDED,
                (OrderRefunded e) -> refundNos.contains(e.refundNo()));
        Map<String, Integer> counts = new HashMap<>();
        refundNos.forEach(no -> counts.put(no, (int) all.stream().filter(e -> no.equals(e.refundNo())).count()));
        return counts;
    }

    /** The distinct ids of refund {@code refundNo}'s order.refunded events. */
    private static Set<String> refundedEventIds(String refundNo) {
        return TopicSnapshot
            .read(TestInfra.get().bootstrapServers(), Topics.ORDER_REFUNDED,
                    (OrderRefunded e) -> refundNo.equals(e.refundNo()))
            .stream()
            .map(e -> e.eventId().value())
            .collect(Collectors.toSet());
    }

    /** The refund.notify records of raw row {@code rawId}. */
    private static List<RefundNotified> published(long rawId) {
        return TopicSnapshot.read(TestInfra.get().bootstrapServers(), Topics.REFUND_NOTIFY,
                (RefundNotified n) -> n.rawId() == rawId);
    }

}
