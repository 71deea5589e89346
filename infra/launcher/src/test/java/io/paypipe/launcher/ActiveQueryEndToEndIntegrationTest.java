package io.paypipe.launcher;

import static io.paypipe.launcher.OrderEffects.*;
import static io.paypipe.launcher.PipelineFixture.counts;
import static io.paypipe.launcher.PipelineFixture.jdbc;
import static io.paypipe.launcher.PipelineFixture.newOutTradeNo;
import static io.paypipe.launcher.PipelineFixture.orders;
import static io.paypipe.launcher.PipelineFixture.settings;
import static io.paypipe.launcher.PipelineFixture.withExtras;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.alipay.AlipayPayments;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.ChannelOrderBooks;
import io.paypipe.sandbox.query.CloseScenario;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.stripe.StripePayments;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The active query end to end (issue 13, tests 1 to 3): the sandbox playing the three
 * channels, ingress, the broker, the processor, reconcile-service, the database and the
 * downstream warehouse and points consumers, with reconcile's ladder compressed by
 * settings (first query 2 s after the order, then every 1 s, 2 s; merchant
 * {@value #WECHAT_EXPIRING} expires after 6 s). A payment whose callbacks the channel
 * drops is found by the query and paid once; a callback released by the query that found
 * its payment has one effect; an order never paid is closed at the channel and locally,
 * and one paid while we close it is paid once. The auditor finds nothing each time.
 */
class ActiveQueryEndToEndIntegrationTest {

    static final String WECHAT_LOST = Long.toString(SandboxMerchants.FIRST_DIRECT_MCHID);

    static final String WECHAT_RACE = Long.toString(SandboxMerchants.FIRST_DIRECT_MCHID + 1);

    static final String WECHAT_EXPIRING = "1900000102";

    static final String ALIPAY_LOST = Long.toString(SandboxMerchants.FIRST_ALIPAY_APP_ID);

    /** reconcile-service's active query, compressed. */
    static final List<String> QUERY_LADDER = List.of("reconcile.query.first-query-after=2s",
            "reconcile.query.backoff=1s,2s", "reconcile.query.error-backoff=1s,2s",
            "reconcile.query.order-retry-delays=500ms,1s,2s,5s,10s", "reconcile.query.poll-timeout=100ms",
            "reconcile.query.handling-retry=500ms", "reconcile.query.merchants." + WECHAT_EXPIRING + ".expiry=6s");

    /** Generous: two cores are shared by several builds. */
    private static final Duration WAIT = Duration.ofSeconds(60);

    private static LocalPipeline pipeline;

    private static JdbcClient jdbc;

    @BeforeAll
    static void startPipeline() {
        pipeline = LocalPipeline.startAll(withExtras(settings(), PipelineService.RECONCILE, QUERY_LADDER)
            .withExtra(PipelineService.SANDBOX, "sandbox.merchant-count", "3"));
        jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
    }

    @AfterAll
    static void stopPipeline() {
        pipeline.close();
    }

    @Test
    void givenEveryWechatCallbackDropped_whenPaidAtTheChannel_thenTheQueryFindsItAndItIsPaidOnce() {
        // Given a WeChat order whose payment notifications the channel drops
        String no = newOutTradeNo();
        dropCallbacks(Channel.WECHATPAY, WECHAT_LOST, no);
        givenPendingOrder(no, () -> orders(pipeline).create(WECHAT_LOST, no, 12_800));

        // When the payer pays at WeChat
        WechatPayPayments.Payment payment = sandbox(WechatPayPayments.class).pay(WECHAT_LOST, no, 12_800, null, 1);

        // Then the query finds it: paid once, every effect once, nothing for the auditor
        assertThat(payment.deliveries()).as("no callback pushed").isEmpty();
        thenFoundByTheQueryAndPaidOnce(Channel.WECHATPAY, WECHAT_LOST, no, "SUCCESS");
    }

    @Test
    void givenEveryAlipayCallbackDropped_whenPaidAtTheChannel_thenTheQueryFindsItAndItIsPaidOnce() {
        // Given an Alipay order whose notifications the channel drops
        String no = newOutTradeNo();
        dropCallbacks(Channel.ALIPAY, ALIPAY_LOST, no);
        givenPendingOrder(no, () -> orders(pipeline).create(ALIPAY_LOST, no, 6_600));

        // When the payer pays at Alipay
        AlipayPayments.Payment payment = sandbox(AlipayPayments.class).pay(ALIPAY_LOST, no, 6_600, null, 1);

        // Then the query finds it
        assertThat(payment.deliveries()).as("no notification pushed").isEmpty();
        thenFoundByTheQueryAndPaidOnce(Channel.ALIPAY, ALIPAY_LOST, no, "TRADE_SUCCESS");
    }

    @Test
    void givenEveryStripeEventDropped_whenThePaymentIntentSucceeds_thenTheQueryFindsItAndItIsPaidOnce() {
        // Given a Stripe order whose events the channel drops
        String no = newOutTradeNo();
        StripePayments stripe = sandbox(StripePayments.class);
        String account = stripe.merchants().first().account();
        dropCallbacks(Channel.STRIPE, account, no);
        givenPendingOrder(no, () -> stripe.createOrder(account, no, 4_200, "USD"));

        // When its PaymentIntent succeeds
        StripePayments.Payment payment = stripe.pay(account, no, 4_200, "usd", 1);

        // Then the query finds it
        assertThat(payment.deliveries()).as("no event pushed").isEmpty();
        thenFoundByTheQueryAndPaidOnce(Channel.STRIPE, account, no, "succeeded");
    }

    @Test
    void givenTheCallbackHeldUntilTheQuery_whenTheQueryFindsThePayment_thenTheCallbackAndTheQueryHaveOneEffect()
            throws Exception {
        // Given a paid WeChat order whose notification the channel holds until a query
        // found the payment, and pushes as that query's answer goes back
        String no = newOutTradeNo();
        OrderRef order = OrderRef.of(Channel.WECHATPAY, WECHAT_RACE, no);
        sandbox(CallbackScenarios.class).choose(order, CallbackScenario.HOLD_UNTIL_QUERIED);
        givenPendingOrder(no, () -> orders(pipeline).create(WECHAT_RACE, no, 3_300));
        WechatPayPayments.Payment payment = sandbox(WechatPayPayments.class).pay(WECHAT_RACE, no, 3_300, null, 2);

        // When the query finds it and the held callbacks race it to ingress
        NotificationPusher.Delivery delivery = payment.deliveries().getFirst().get(WAIT.toSeconds(), TimeUnit.SECONDS);

        // Then the callbacks were delivered (acknowledged), and query plus callbacks made
        // one raw row, one ledger row, one order.paid event id and one shipment
        assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
        assertThat(sandbox(CallbackScenarios.class).status(order))
            .hasValueSatisfying(s -> assertThat(s.released()).isPositive());
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        await().atMost(WAIT).until(() -> chainState(jdbc, WECHAT_RACE, no), "DONE"::equals);
        await().during(Duration.ofSeconds(2))
            .atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        assertThat(rawRows(jdbc, WECHAT_RACE, no)).singleElement().satisfies(r -> {
            assertThat(r.handled()).isOne();
            assertThat(r.outcome()).isEqualTo("APPLIED");
        });
        assertThat(orderPaidEventIds(WECHAT_RACE, no)).hasSize(1);
        assertThat(queryAnswers(order)).contains("SUCCESS");
        assertAuditClean(pipeline, no, 1);
    }

    @Test
    void givenAnOrderNeverPaid_whenItExpires_thenItIsClosedAtTheChannelAndLocally() {
        // Given a WeChat order nobody pays, of the merchant whose orders expire after 6 s
        String no = newOutTradeNo();
        givenPendingOrder(no, () -> orders(pipeline).create(WECHAT_EXPIRING, no, 500));

        // When it expires
        await().atMost(WAIT).until(() -> PipelineFixture.status(jdbc, no), "CLOSED"::equals);

        // Then WeChat closed it, and so did we (the expiry's close, audited), with one
        // order.closed
        assertThat(sandbox(ChannelOrderBooks.class).of(Channel.WECHATPAY).find(WECHAT_EXPIRING, no))
            .hasValueSatisfying(o -> {
                assertThat(o.state()).isEqualTo("CLOSED");
                assertThat(o.closed()).isTrue();
                assertThat(o.paid()).isFalse();
            });
        assertThat(sandbox(ChannelCalls.class).of(OrderRef.of(Channel.WECHATPAY, WECHAT_EXPIRING, no),
                ChannelCall.Operation.CLOSE))
            .singleElement()
            .satisfies(c -> assertThat(c.httpStatus()).isEqualTo(204));
        assertThat(jdbc.sql("SELECT closed_by FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", WECHAT_EXPIRING)
            .param("o", no)
            .query(String.class)
            .single()).isEqualTo("ORDER_CANCELLED");
        await().atMost(WAIT).untilAsserted(() -> assertThat(orderClosed(WECHAT_EXPIRING, no)).hasSize(1));
        assertThat(chainState(jdbc, WECHAT_EXPIRING, no)).isEqualTo("DONE");
        assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 0, 0, 0, 0, 0));
        assertAuditClean(pipeline, no, 0);
    }

    @Test
    void givenAnOrderPaidWhileTheExpiryClosesIt_whenTheCloseFindsItPaid_thenItIsPaidOnceWithoutARefundTask() {
        // Given an order of the expiring merchant that the payer pays just before our
        // close reaches WeChat
        String no = newOutTradeNo();
        OrderRef order = OrderRef.of(Channel.WECHATPAY, WECHAT_EXPIRING, no);
        sandbox(CloseScenarios.class).choose(order, CloseScenario.PAID_DURING_CLOSE);
        givenPendingOrder(no, () -> orders(pipeline).create(WECHAT_EXPIRING, no, 700));

        // When it expires and the close finds it paid
        await().atMost(WAIT).until(() -> chainState(jdbc, WECHAT_EXPIRING, no), "DONE"::equals);

        // Then it is paid once, never closed, no refund task, and a person hears of it
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        assertThat(sandbox(ChannelCalls.class).of(order, ChannelCall.Operation.CLOSE)).singleElement()
            .satisfies(c -> assertThat(c.answer()).isEqualTo("ORDERPAID"));
        assertThat(alerts(jdbc, "PAID_DURING_CLOSE", WECHAT_EXPIRING, no)).isOne();
        assertThat(refundTasks(jdbc, WECHAT_EXPIRING, no)).isZero();
        assertThat(orderClosed(WECHAT_EXPIRING, no)).isEmpty();
        assertThat(orderPaidEventIds(WECHAT_EXPIRING, no)).hasSize(1);
        assertAuditClean(pipeline, no, 1);
    }

    @Test
    void givenAnOrderPaidWhileTheExpiryClosesItAndItsCallbacksLost_whenTheCloseFindsItPaid_thenTheQueryRecordsItOnce() {
        // Given an order of the expiring merchant paid just before our close reaches
        // WeChat, whose notifications WeChat drops
        String no = newOutTradeNo();
        OrderRef order = OrderRef.of(Channel.WECHATPAY, WECHAT_EXPIRING, no);
        dropCallbacks(Channel.WECHATPAY, WECHAT_EXPIRING, no);
        sandbox(CloseScenarios.class).choose(order, CloseScenario.PAID_DURING_CLOSE);
        givenPendingOrder(no, () -> orders(pipeline).create(WECHAT_EXPIRING, no, 900));

        // When it expires and the close finds it paid
        await().atMost(WAIT).until(() -> chainState(jdbc, WECHAT_EXPIRING, no), "DONE"::equals);

        // Then the query after the close recorded the payment: paid once by a QUERY raw
        // row, one close call, a person told, no refund task
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        assertThat(rawRows(jdbc, WECHAT_EXPIRING, no)).singleElement()
            .satisfies(r -> assertThat(r.source()).isEqualTo("QUERY"));
        assertThat(sandbox(ChannelCalls.class).of(order, ChannelCall.Operation.CLOSE)).singleElement()
            .satisfies(c -> assertThat(c.answer()).isEqualTo("ORDERPAID"));
        assertThat(alerts(jdbc, "PAID_DURING_CLOSE", WECHAT_EXPIRING, no)).isOne();
        assertThat(refundTasks(jdbc, WECHAT_EXPIRING, no)).isZero();
        assertThat(orderPaidEventIds(WECHAT_EXPIRING, no)).hasSize(1);
        assertAuditClean(pipeline, no, 1);
    }

    @Test
    void theDemosLostCallbackIsFoundByTheQueryAndItsSummarySaysSo() {
        // Given the demo's part with a lost callback
        var printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

        // When it runs
        DemoLostCallbackResult result = new DemoLostCallback(pipeline, out).run(newOutTradeNo().substring(0, 16) + "-",
                WAIT);
        result.print(out, WAIT);

        // Then it is complete, and its summary says how the payment was learnt
        assertThat(result.complete()).as(printed.toString(StandardCharsets.UTF_8)).isTrue();
        assertThat(result.rawSources()).containsExactly("QUERY");
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains(
                "=> found by the active query (pay_notify_raw source QUERY), paid once: 1 ledger row, 1 order.paid,"
                        + " 1 shipment");
        assertAuditClean(pipeline, result.outTradeNo(), 1);
    }

    /**
     * Found by the query: one raw row with source QUERY, applied; the order PAID with one
     * ledger row, one order.paid event id, one shipment and one points grant; the
     * callbacks dropped, none delivered; the auditor finds nothing.
     */
    private void thenFoundByTheQueryAndPaidOnce(Channel channel, String merchant, String no, String paidAnswer) {
        await().atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        await().during(Duration.ofSeconds(2))
            .atMost(WAIT)
            .untilAsserted(() -> assertThat(counts(jdbc, no)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
        assertThat(rawRows(jdbc, merchant, no)).singleElement().satisfies(r -> {
            assertThat(r.source()).isEqualTo("QUERY");
            assertThat(r.paymentState()).isEqualTo("SUCCEEDED");
            assertThat(r.handled()).isOne();
            assertThat(r.outcome()).isEqualTo("APPLIED");
        });
        assertThat(orderPaidEventIds(merchant, no)).hasSize(1);
        assertThat(chainState(jdbc, merchant, no)).isEqualTo("DONE");
        OrderRef order = OrderRef.of(channel, merchant, no);
        assertThat(sandbox(CallbackScenarios.class).status(order)).hasValueSatisfying(s -> {
            assertThat(s.dropped()).as("notifications dropped").isPositive();
            assertThat(s.released()).as("notifications delivered").isZero();
        });
        assertThat(queryAnswers(order)).last().isEqualTo(paidAnswer);
        assertAuditClean(pipeline, no, 1);
    }

    private void dropCallbacks(Channel channel, String merchant, String no) {
        sandbox(CallbackScenarios.class).choose(OrderRef.of(channel, merchant, no), CallbackScenario.DROP);
    }

    private void givenPendingOrder(String no, Runnable create) {
        create.run();
        await().atMost(WAIT).until(() -> PipelineFixture.status(jdbc, no), "PENDING"::equals);
    }

    private List<String> queryAnswers(OrderRef order) {
        return sandbox(ChannelCalls.class).of(order, ChannelCall.Operation.QUERY)
            .stream()
            .map(ChannelCall::answer)
            .toList();
    }

    private static <T> T sandbox(Class<T> type) {
        return pipeline.bean(PipelineService.SANDBOX, type);
    }

}
