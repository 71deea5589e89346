package io.paypipe.launcher;

import static io.paypipe.launcher.OrderEffects.assertAuditClean;
import static io.paypipe.launcher.OrderEffects.orderPaidEventIds;
import static io.paypipe.launcher.OrderEffects.rawRows;
import static io.paypipe.launcher.PipelineFixture.counts;
import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.orders;
import static io.paypipe.launcher.PipelineFixture.settings;
import static io.paypipe.launcher.PipelineFixture.withExtras;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.alipay.AlipayPayments;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillZones;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.stripe.StripeMerchants;
import io.paypipe.sandbox.stripe.StripePayments;
import io.paypipe.sandbox.wechatpay.TransactionIds;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * Daily bill reconciliation end to end (issue 14): the sandbox serving the three
 * channels' bills of today as they stand ({@code sandbox.bills.current-day-billed}),
 * reconcile-service reconciling today ({@code reconcile.bill.current-day-allowed})
 * through its HTTP API, the bills fetched each channel's way, with the whole pipeline
 * behind them. A payment whose callbacks were lost and which only the bill reveals is
 * repaired by the query the bill schedules and its difference resolves itself; a day of
 * each channel with a refund is clean; a payment the product never heard of stays open
 * with an alert; a bill with a summary and no rows blocks its day and compares nothing.
 * Each test has its own merchant (numbers no other test of this module pays on), so one
 * bill never sees another test's payments; the days are today in each channel's zone
 * (payments are made now, and a day is read from the ledger's paid_at).
 */
class BillReconciliationEndToEndIntegrationTest {

    /**
     * Its callbacks dropped and its active query an hour away: only the bill finds it.
     */
    static final String WECHAT_LOST = wechat(4);

    static final String WECHAT_CLEAN = wechat(5);

    static final String WECHAT_UNKNOWN = wechat(6);

    static final String WECHAT_BLOCKED = wechat(7);

    static final String WECHAT_DEMO = wechat(8);

    static final String ALIPAY_CLEAN = Long.toString(SandboxMerchants.FIRST_ALIPAY_APP_ID + 2);

    static final String ALIPAY_DEMO = Long.toString(SandboxMerchants.FIRST_ALIPAY_APP_ID + 3);

    static final String STRIPE_CLEAN = StripeMerchants.accountId(2);

    static final String STRIPE_DEMO = StripeMerchants.accountId(3);

    /** Generous: two cores are shared by several builds. */
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static LocalPipeline pipeline;

    private static JdbcClient jdbc;

    private static BillSteps bills;

    @BeforeAll
    static void startPipeline() {
        List<String> reconcile = new ArrayList<>(ActiveQueryEndToEndIntegrationTest.QUERY_LADDER);
        reconcile.addAll(List.of("reconcile.query.merchants." + WECHAT_LOST + ".first-query-after=1h",
                "reconcile.bill.diff-sweep=300ms", "reconcile.bill.current-day-allowed=true"));
        LocalPipeline.Settings settings = withExtras(settings(), PipelineService.RECONCILE, reconcile);
        pipeline = LocalPipeline.startAll(withExtras(settings, PipelineService.SANDBOX,
                List.of("sandbox.merchant-count=9", "sandbox.alipay-merchant-count=4",
                        "sandbox.stripe-merchant-count=4", "sandbox.bills.current-day-billed=true")));
        jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
        bills = new BillSteps(pipeline, WAIT);
    }

    @AfterAll
    static void stopPipeline() {
        pipeline.close();
    }

    @Test
    void givenAPaymentWhoseCallbacksWereLost_whenTheBillIsReconciled_thenTheQueryItSchedulesRepairsItAndTheDiffResolves() {
        // Given a WeChat order paid at the channel whose every callback the channel
        // drops, and whose active query is an hour away
        String no = newOutTradeNo();
        OrderRef order = OrderRef.of(Channel.WECHATPAY, WECHAT_LOST, no);
        sandbox(CallbackScenarios.class).choose(order, CallbackScenario.DROP);
        givenPendingOrder(no, () -> orders(pipeline).create(WECHAT_LOST, no, 8_800));
        WechatPayPayments.Payment payment = sandbox(WechatPayPayments.class).pay(WECHAT_LOST, no, 8_800, null, 1);
        LocalDate day = LocalDate.ofInstant(payment.spec().successTime(), BillZones.zone(Channel.WECHATPAY));
        assertThat(payment.deliveries()).as("no callback pushed").isEmpty();

        // When the day's bill is reconciled
        JsonNode batch = bills.reconcile(Channel.WECHATPAY, WECHAT_LOST, day);

        // Then the bill has the payment, the ledger not: one CHANNEL_ONLY difference
        long batchId = batch.path("id").asLong();
        assertThat(batch.path("status").asString()).isEqualTo("DIFFS");
        assertThat(batch.path("rowsRead").asLong()).isOne();
        assertThat(batch.path("diffsOpen").asLong()).isOne();
        assertThat(bills.diffs(batchId)).singleElement().satisfies(d -> {
            assertThat(d.category()).isEqualTo("CHANNEL_ONLY");
            assertThat(d.channelTradeNo()).isEqualTo(payment.spec().transactionId());
        });

        // and, with nothing else done, the query it scheduled finds the payment: paid
        // once
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        assertThat(rawRows(jdbc, WECHAT_LOST, no)).singleElement().satisfies(r -> {
            assertThat(r.source()).isEqualTo("QUERY");
            assertThat(r.outcome()).isEqualTo("APPLIED");
        });
        await().atMost(WAIT).untilAsserted(() -> assertThat(orderPaidEventIds(WECHAT_LOST, no)).hasSize(1));
        assertThat(sandbox(ChannelCalls.class).of(order, ChannelCall.Operation.QUERY)).last()
            .satisfies(c -> assertThat(c.answer()).isEqualTo("SUCCESS"));
        assertThat(sandbox(CallbackScenarios.class).status(order))
            .hasValueSatisfying(s -> assertThat(s.released()).as("callbacks delivered").isZero());

        // and the difference resolves itself once the payment landed
        await().atMost(WAIT).untilAsserted(() -> assertThat(bills.diffs(batchId)).singleElement().satisfies(d -> {
            assertThat(d.handleStatus()).isEqualTo("RESOLVED");
            assertThat(d.handledBy()).isEqualTo("ledger");
        }));

        // and a rerun of the day is clean, nothing open
        JsonNode rerun = bills.reconcile(Channel.WECHATPAY, WECHAT_LOST, day);
        assertThat(rerun.path("status").asString()).isEqualTo("CLEAN");
        assertThat(rerun.path("compared").asLong()).isOne();
        assertThat(rerun.path("diffsOpen").asLong()).isZero();
        assertAuditClean(pipeline, no, 1);
    }

    @Test
    void givenADayOfEachChannelWithARefund_whenEachBillIsFetchedAndReconciled_thenEachIsClean() {
        // Given one paid order per channel (WeChat's with the merchant's coupon: the
        // payer
        // paid 87.50 of 88.00), callbacks delivered, and part of the Alipay one refunded
        // through refund-service
        String wechatNo = newOutTradeNo();
        String alipayNo = newOutTradeNo();
        String stripeNo = newOutTradeNo();
        StripePayments stripe = sandbox(StripePayments.class);
        givenPendingOrder(wechatNo, () -> orders(pipeline).create(WECHAT_CLEAN, wechatNo, 8_800));
        givenPendingOrder(alipayNo, () -> orders(pipeline).create(ALIPAY_CLEAN, alipayNo, 6_600));
        givenPendingOrder(stripeNo, () -> stripe.createOrder(STRIPE_CLEAN, stripeNo, 4_200, "USD"));
        sandbox(WechatPayPayments.class).pay(WECHAT_CLEAN, wechatNo, 8_800, 8_750L, 1);
        sandbox(AlipayPayments.class).pay(ALIPAY_CLEAN, alipayNo, 6_600, null, 1);
        stripe.pay(STRIPE_CLEAN, stripeNo, 4_200, "usd", 1);
        List.of(wechatNo, alipayNo, stripeNo)
            .forEach(no -> await().atMost(WAIT).until(() -> PipelineFixture.status(jdbc, no), "PAID"::equals));
        givenRefunded(ALIPAY_CLEAN, alipayNo, 3_000);

        // When each channel's day is reconciled
        JsonNode wechat = bills.reconcile(Channel.WECHATPAY, WECHAT_CLEAN, paidDay(Channel.WECHATPAY, wechatNo));
        JsonNode alipay = bills.reconcile(Channel.ALIPAY, ALIPAY_CLEAN, paidDay(Channel.ALIPAY, alipayNo));
        JsonNode stripeDay = bills.reconcile(Channel.STRIPE, STRIPE_CLEAN, paidDay(Channel.STRIPE, stripeNo));

        // Then each is clean: every line compared, nothing open
        thenClean(wechat, 1, 0);
        thenClean(alipay, 1, 1);
        thenClean(stripeDay, 1, 0);
    }

    @Test
    void givenAPaymentTheProductNeverHeardOf_whenTheDayIsReconciled_thenItsDifferenceStaysOpenWithAnAlert() {
        // Given a payment at the channel whose order the product does not know
        Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        LocalDate day = LocalDate.ofInstant(at, BillZones.zone(Channel.WECHATPAY));
        String tradeNo = TransactionIds.next(at);
        bills.settle(Channel.WECHATPAY, WECHAT_UNKNOWN, newOutTradeNo(), tradeNo, 4_321, "CNY", at);

        // When the day is reconciled
        JsonNode batch = bills.reconcile(Channel.WECHATPAY, WECHAT_UNKNOWN, day);

        // Then the batch has one open CHANNEL_ONLY difference that names why nothing
        // repairs it, a person is alerted, and the difference stays open
        long batchId = batch.path("id").asLong();
        assertThat(batch.path("status").asString()).isEqualTo("DIFFS");
        assertThat(batch.path("diffsOpen").asLong()).isOne();
        assertThat(batch.path("openByCategory").path("CHANNEL_ONLY").asLong()).isOne();
        assertThat(BillSteps.alerts(jdbc, "RECON_DIFFS", batchId)).isOne();
        await().during(Duration.ofSeconds(2)).atMost(WAIT).untilAsserted(() -> {
            assertThat(bills.diffs(batchId)).singleElement().satisfies(d -> {
                assertThat(d.category()).isEqualTo("CHANNEL_ONLY");
                assertThat(d.channelTradeNo()).isEqualTo(tradeNo);
                assertThat(d.handleStatus()).isEqualTo("OPEN");
                assertThat(d.handleNote()).isEqualTo("no such order");
            });
        });
    }

    @Test
    void givenABillWithASummaryAndNoRows_whenTheDayIsReconciled_thenItIsBlockedWithAnAlertAndNothingCompared() {
        // Given a paid order, and the channel's bill of its day serving the summary with
        // no row
        String no = newOutTradeNo();
        givenPendingOrder(no, () -> orders(pipeline).create(WECHAT_BLOCKED, no, 2_500));
        sandbox(WechatPayPayments.class).pay(WECHAT_BLOCKED, no, 2_500, null, 1);
        await().atMost(WAIT).until(() -> PipelineFixture.status(jdbc, no), "PAID"::equals);
        LocalDate day = paidDay(Channel.WECHATPAY, no);
        bills.arm(Channel.WECHATPAY, WECHAT_BLOCKED, day, BillScenario.SUMMARY_NO_ROWS);

        // When the day is reconciled
        JsonNode batch = bills.reconcile(Channel.WECHATPAY, WECHAT_BLOCKED, day);

        // Then it is blocked with its reason and an alert, and nothing was compared: no
        // difference (not even our payment as LOCAL_ONLY)
        long batchId = batch.path("id").asLong();
        assertThat(batch.path("status").asString()).isEqualTo("BLOCKED");
        assertThat(batch.path("reasons").toString()).contains("ROWS_MISSING");
        assertThat(batch.path("rowsRead").asLong()).isZero();
        assertThat(batch.path("compared").asLong()).isZero();
        assertThat(BillSteps.alerts(jdbc, "RECON_BLOCKED", batchId)).isOne();
        assertThat(bills.diffs(batchId)).isEmpty();
        assertThat(BillSteps.diffRows(jdbc, WECHAT_BLOCKED, day)).isZero();
    }

    @Test
    void theDemosReconciliationFindsEveryBillCleanAndItsSummarySaysSo() {
        // Given the demo's payments on each channel (one merchant each)
        String prefix = newOutTradeNo().substring(0, 16) + "-";
        StripePayments stripe = sandbox(StripePayments.class);
        givenPendingOrder(prefix + "W", () -> orders(pipeline).create(WECHAT_DEMO, prefix + "W", 12_800));
        givenPendingOrder(prefix + "A", () -> orders(pipeline).create(ALIPAY_DEMO, prefix + "A", 3_300));
        givenPendingOrder(prefix + "S", () -> stripe.createOrder(STRIPE_DEMO, prefix + "S", 900, "USD"));
        sandbox(WechatPayPayments.class).pay(WECHAT_DEMO, prefix + "W", 12_800, 12_750L, 1);
        sandbox(AlipayPayments.class).pay(ALIPAY_DEMO, prefix + "A", 3_300, null, 1);
        stripe.pay(STRIPE_DEMO, prefix + "S", 900, "usd", 1);
        List.of("W", "A", "S")
            .forEach(c -> await().atMost(WAIT).until(() -> PipelineFixture.status(jdbc, prefix + c), "PAID"::equals));
        var printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

        // When the demo's reconciliation runs
        DemoReconciliationResult result = new DemoReconciliation(pipeline, out).run(List.of(prefix), WAIT);
        result.print(out, WAIT);

        // Then each channel's bill is clean, and its summary says so
        String text = printed.toString(StandardCharsets.UTF_8);
        assertThat(result.complete()).as(text).isTrue();
        assertThat(result.bills())
            .extracting(DemoReconciliationResult.Bill::channel, DemoReconciliationResult.Bill::merchant,
                    DemoReconciliationResult.Bill::status)
            .containsExactly(tuple("wechatpay", WECHAT_DEMO, "CLEAN"), tuple("alipay", ALIPAY_DEMO, "CLEAN"),
                    tuple("stripe", STRIPE_DEMO, "CLEAN"));
        assertThat(result.bills()).allSatisfy(b -> {
            assertThat(b.compared()).isOne();
            assertThat(b.diffsOpen()).isZero();
        });
        assertThat(text).contains("differences 0 (CHANNEL_ONLY 0, LOCAL_ONLY 0, AMOUNT 0, STATUS 0, FEE 0)")
            .contains("=> every bill complete and equal to the ledger and refunds: 3 batches CLEAN, 0 differences");
    }

    /** CLEAN: the bill's lines all compared, none open, no difference listed. */
    private void thenClean(JsonNode batch, long payments, long refunds) {
        assertThat(batch.path("status").asString()).as(batch.toString()).isEqualTo("CLEAN");
        assertThat(batch.path("payments").asLong()).as(batch.toString()).isEqualTo(payments);
        assertThat(batch.path("refunds").asLong()).as(batch.toString()).isEqualTo(refunds);
        assertThat(batch.path("rowsRead").asLong()).isEqualTo(payments + refunds);
        assertThat(batch.path("compared").asLong()).isEqualTo(payments + refunds);
        assertThat(batch.path("diffsOpen").asLong()).isZero();
        assertThat(bills.diffs(batch.path("id").asLong())).isEmpty();
    }

    /** Part of the order refunded through refund-service, once the refund succeeded. */
    private void givenRefunded(String merchant, String no, long refundMinor) {
        DemoRefundApi refunds = new DemoRefundApi(pipeline.settings().port(PipelineService.REFUND),
                pipeline.settings().accounts().operator());
        String refundNo = no + "-RF1";
        assertThat(refunds.create(merchant, no, refundMinor, refundNo, "e2e: goods returned").status()).isIn(200, 201);
        await().atMost(WAIT).untilAsserted(() -> {
            JsonNode body = refunds.orderRefunds(merchant, no).body();
            assertThat(body.path("refunded").asLong()).isEqualTo(refundMinor);
            assertThat(body.path("refunds")).anySatisfy(r -> {
                assertThat(r.path("refund_no").asString()).isEqualTo(refundNo);
                assertThat(r.path("status").asString()).isEqualTo("SUCCESS");
            });
        });
    }

    private static void givenPendingOrder(String no, Runnable create) {
        create.run();
        await().atMost(WAIT).until(() -> PipelineFixture.status(jdbc, no), "PENDING"::equals);
    }

    /** The day of the order's ledger row in the channel's zone. */
    private static LocalDate paidDay(Channel channel, String no) {
        Instant paidAt = jdbc.sql("""
                SELECT l.paid_at FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.out_trade_no = :o""")
            .param("o", no)
            .query(Timestamp.class)
            .single()
            .toInstant();
        return LocalDate.ofInstant(paidAt, BillZones.zone(channel));
    }

    private static String wechat(int index) {
        return Long.toString(SandboxMerchants.FIRST_DIRECT_MCHID + index);
    }

    private static <T> T sandbox(Class<T> type) {
        return pipeline.bean(PipelineService.SANDBOX, type);
    }

}
