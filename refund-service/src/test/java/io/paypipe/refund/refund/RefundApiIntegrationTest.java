package io.paypipe.refund.refund;

import static io.paypipe.refund.support.RefundApi.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.auditor.AuditReport;
import io.paypipe.auditor.AuditScope;
import io.paypipe.auditor.Auditor;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundApi.Answer;
import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.TopicWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The refund API on the real broker and database: the guard under concurrency (issue
 * tests 1, 2), a FAIL that frees its money once (test 4), two merchants with one refund
 * number (test 7), on the sandbox's WeChat Pay refund API.
 */
class RefundApiIntegrationTest extends RefundIntegrationBase {

    @Autowired
    private DataSource dataSource;

    @Test
    void givenFiftyConcurrentPartialRefundsAddingUpToMoreThanPaid_whenSent_thenTheAcceptedSumNeverExceedsPaidAndTheOthersGet409()
            throws Exception {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 10_000);

        List<Answer> answers = concurrently(50,
                i -> api.post(request(order.key().merchantId().value(), order.key().outTradeNo().value(), 300,
                        "T1-" + i + "-" + UUID.randomUUID().toString().substring(0, 8))));

        List<Answer> created = answers.stream().filter(a -> a.status() == 201).toList();
        List<Answer> refused = answers.stream().filter(a -> a.status() == 409).toList();
        assertThat(created).hasSize(33);
        assertThat(refused).hasSize(17);
        assertThat(refused).allSatisfy(a -> assertThat(a.body().path("refundable").asLong()).isLessThan(300));
        assertThat(db.refunds(order.id())).hasSize(33);
        await().atMost(Duration.ofSeconds(30))
            .untilAsserted(() -> assertThat(db.sumOf(order.id(), "SUCCESS")).isEqualTo(9_900));
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).hasSize(33)
            .allSatisfy(r -> assertThat(r.get("refundFen").asLong()).isEqualTo(300));
        assertThat(db.orderStatus(order.id())).isEqualTo("PARTIALLY_REFUNDED");
        assertThat(api.get("/orders/" + order.key().merchantId() + "/" + order.key().outTradeNo() + "/refunds")
            .body()
            .path("refundable")
            .asLong()).isEqualTo(100);

        // And the independent auditor, over this order, finds nothing, having read its
        // refunds
        try (TopicWriter topics = new TopicWriter(bootstrapServers())) {
            orders.paymentAsTheProcessorRecordsIt(order, topics);
        }
        AuditReport report = new Auditor(dataSource, bootstrapServers(), Clock.systemUTC())
            .audit(AuditScope.outTradeNoPrefix(order.key().outTradeNo().value()), Auditor.DEFAULT_RETRY_BUDGET);
        assertThat(report.violations()).as(report.render()).isEmpty();
        assertThat(report.checked("orders")).as(report.render()).isEqualTo(1);
        assertThat(report.checked("refund")).as(report.render()).isEqualTo(33);
        assertThat(report.checked("payment_ledger rows checked against " + Topics.ORDER_PAID.name()))
            .as(report.render())
            .isEqualTo(1);
    }

    @Test
    void givenTheSameRefundRequestTwiceAtOnce_whenBothArrive_thenOneRefundRowAndOneChannelRefund() throws Exception {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 5_000);
        String refundNo = "T2-" + UUID.randomUUID();

        List<Answer> answers = concurrently(2, i -> api
            .post(request(order.key().merchantId().value(), order.key().outTradeNo().value(), 1_200, refundNo)));

        assertThat(answers).extracting(Answer::status).containsExactlyInAnyOrder(201, 200);
        assertThat(answers).allSatisfy(a -> assertThat(a.text("refund_no")).isEqualTo(refundNo));
        assertThat(db.refunds(order.id())).hasSize(1);
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.refundStatus(order.key().merchantId(), refundNo)).isEqualTo("SUCCESS"));
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("outRefundNo").asString()).isEqualTo(refundNo));
        assertThat(db.orderTransitions(order.id())).containsExactly("REFUND_STARTED:PAID->REFUNDING",
                "REFUNDS_SETTLED_PARTLY:REFUNDING->PARTIALLY_REFUNDED");
    }

    @Test
    void givenARefundTheChannelRefused_whenANewRefundOfTheSameAmountIsAsked_thenItIsAllowedOnceAndNeverTwice() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 1_000);
        String merchant = order.key().merchantId().value();
        String outTradeNo = order.key().outTradeNo().value();
        String refused = "T4-" + UUID.randomUUID();
        sandbox.chooseWechat(order.key().merchantId(), refused, "NOT_ENOUGH");

        Answer first = api.post(request(merchant, outTradeNo, 1_000, refused));
        Answer again = api.post(request(merchant, outTradeNo, 1_000, refused));
        Answer second = api.post(request(merchant, outTradeNo, 1_000, null));
        Answer third = api.post(request(merchant, outTradeNo, 1_000, null));

        assertThat(first.status()).isEqualTo(201);
        assertThat(first.text("status")).isEqualTo("FAIL");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.text("status")).isEqualTo("FAIL");
        assertThat(second.status()).isEqualTo(201);
        assertThat(second.text("refund_no")).isNotEqualTo(refused).matches("RF[0-9A-Za-z]{26}");
        assertThat(third.status()).isEqualTo(409);
        assertThat(third.body().path("refundable").asLong()).isZero();
        await().atMost(Duration.ofSeconds(20))
            .untilAsserted(() -> assertThat(db.orderStatus(order.id())).isEqualTo("REFUNDED"));
        assertThat(db.sumOf(order.id(), "SUCCESS")).isEqualTo(1_000);
        assertThat(sandbox.wechatRefundsOf(order.tradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("outRefundNo").asString()).isEqualTo(second.text("refund_no")));
        assertThat(db.orderTransitions(order.id())).containsExactly("REFUND_STARTED:PAID->REFUNDING",
                "REFUNDS_SETTLED_NONE:REFUNDING->PAID", "REFUND_STARTED:PAID->REFUNDING",
                "REFUNDS_SETTLED_FULLY:REFUNDING->REFUNDED");
    }

    @Test
    void givenTwoMerchantsWithTheSameRefundNumber_whenBothRefund_thenEachRefundLandsOnItsOwnOrder() {
        Paid a = orders.paid(wechat(0), Channel.WECHATPAY, 2_000);
        Paid b = orders.paid(wechat(1), Channel.WECHATPAY, 3_000);
        String refundNo = "T7-" + UUID.randomUUID();

        Answer forA = api.post(request(a.key().merchantId().value(), a.key().outTradeNo().value(), 500, refundNo));
        Answer forB = api.post(request(b.key().merchantId().value(), b.key().outTradeNo().value(), 700, refundNo));

        assertThat(forA.status()).isEqualTo(201);
        assertThat(forB.status()).isEqualTo(201);
        Answer readA = api.get("/refunds/" + refundNo + "?merchant=" + a.key().merchantId());
        Answer readB = api.get("/refunds/" + refundNo + "?merchant=" + b.key().merchantId());
        assertThat(readA.text("out_trade_no")).isEqualTo(a.key().outTradeNo().value());
        assertThat(readA.body().path("amount").asLong()).isEqualTo(500);
        assertThat(readB.text("out_trade_no")).isEqualTo(b.key().outTradeNo().value());
        assertThat(readB.body().path("amount").asLong()).isEqualTo(700);
        assertThat(db.refunds(a.id())).hasSize(1);
        assertThat(db.refunds(b.id())).hasSize(1);
        assertThat(sandbox.wechatRefundsOf(a.tradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("refundFen").asLong()).isEqualTo(500));
        assertThat(sandbox.wechatRefundsOf(b.tradeNo())).singleElement()
            .satisfies(r -> assertThat(r.get("refundFen").asLong()).isEqualTo(700));
    }

    @Test
    void givenAnAlipayAndAStripePayment_whenPartlyRefundedThroughTheApi_thenEachChannelRefundsItOnceAndTheOrdersSettle() {
        Paid alipay = orders.paid(sandbox.merchant(Channel.ALIPAY, 0), Channel.ALIPAY, 10_000);
        Paid stripe = orders.paid(sandbox.merchant(Channel.STRIPE, 0), Channel.STRIPE, 5_000);

        Answer alipayRefund = api
            .post(request(alipay.key().merchantId().value(), alipay.key().outTradeNo().value(), 2_500, null));
        var usd = request(stripe.key().merchantId().value(), stripe.key().outTradeNo().value(), 1_200, null);
        usd.put("currency", "USD");
        Answer stripeRefund = api.post(usd);

        assertThat(alipayRefund.status()).isEqualTo(201);
        assertThat(stripeRefund.status()).isEqualTo(201);
        assertThat(stripeRefund.text("currency")).isEqualTo("USD");
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            assertThat(db.orderStatus(alipay.id())).isEqualTo("PARTIALLY_REFUNDED");
            assertThat(db.orderStatus(stripe.id())).isEqualTo("PARTIALLY_REFUNDED");
        });
        assertThat(sandbox.alipayRefundsOf(alipay.tradeNo()).get("refundedFen").asLong()).isEqualTo(2_500);
        assertThat(sandbox.stripeRefundsOf(stripe.key().merchantId(), stripe.tradeNo()).get("amountRefunded").asLong())
            .isEqualTo(1_200);
        assertThat(db.refunds(stripe.id())).singleElement()
            .satisfies(r -> assertThat((String) r.get("channel_refund_id")).startsWith("re_"));
    }

    @Test
    void givenRequestsTheApiCannotTake_whenPosted_thenEachGetsItsOwnAnswerAndNothingIsStored() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 1_000);
        String merchant = order.key().merchantId().value();
        String outTradeNo = order.key().outTradeNo().value();
        String refundNo = "TA-" + UUID.randomUUID();
        assertThat(api.post(request(merchant, outTradeNo, 400, refundNo)).status()).isEqualTo(201);

        Answer overRefund = api.post(request(merchant, outTradeNo, 601, null));
        Answer otherAmount = api.post(request(merchant, outTradeNo, 300, refundNo));
        Answer unknownOrder = api
            .post(request(merchant, "NO-SUCH-ORDER-" + UUID.randomUUID().toString().substring(0, 8), 1, null));
        Answer noAmount = api.post(request(merchant, outTradeNo, 0, null));
        Answer badNumber = api.post(request(merchant, outTradeNo, 1, "has spaces"));
        Answer notJson = api.postRaw("amount=1");
        var otherCurrency = request(merchant, outTradeNo, 1, null);
        otherCurrency.put("currency", "USD");
        Answer currency = api.post(otherCurrency);

        assertThat(overRefund.status()).isEqualTo(409);
        assertThat(overRefund.body().path("refundable").asLong()).isEqualTo(600);
        assertThat(overRefund.text("currency")).isEqualTo("CNY");
        assertThat(otherAmount.status()).isEqualTo(409);
        assertThat(otherAmount.text("error")).contains("already another refund");
        assertThat(unknownOrder.status()).isEqualTo(404);
        assertThat(noAmount.status()).isEqualTo(400);
        assertThat(noAmount.text("error")).contains("amount");
        assertThat(badNumber.status()).isEqualTo(400);
        assertThat(badNumber.text("error")).contains("refund_no");
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(currency.status()).isEqualTo(400);
        assertThat(currency.text("error")).contains("CNY");
        assertThat(db.refunds(order.id())).hasSize(1);
        assertThat(api.get("/refunds/" + refundNo).status()).isEqualTo(400);
        assertThat(api.get("/refunds/NOPE?merchant=" + merchant).status()).isEqualTo(404);
    }

    @Test
    void givenAnOrderNotPaid_whenARefundIsAsked_thenItIsRefusedWith409() {
        Paid order = orders.paid(wechat(0), Channel.WECHATPAY, 1_000);
        jdbc.sql(
                "UPDATE orders SET status = 'PENDING', channel_trade_no = NULL, paid_amount_minor = NULL WHERE id = :id")
            .param("id", order.id().value())
            .update();

        Answer answer = api
            .post(request(order.key().merchantId().value(), order.key().outTradeNo().value(), 100, null));

        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.text("error")).contains("PENDING");
        assertThat(db.refunds(order.id())).isEmpty();
    }

    @Test
    void givenTheService_whenItsOpenApiDescriptionIsRead_thenItDescribesTheRefundApi() {
        Answer docs = api.get("/v3/api-docs");

        assertThat(docs.status()).isEqualTo(200);
        assertThat(docs.body().path("paths").has("/refunds")).isTrue();
        assertThat(docs.body().path("paths").has("/refunds/{refundNo}")).isTrue();
        assertThat(docs.body().path("paths").has("/orders/{merchant}/{outTradeNo}/refunds")).isTrue();
        assertThat(docs.body().toString()).contains("out_trade_no").contains("requested_by");
    }

    private static List<Answer> concurrently(int n, java.util.function.IntFunction<Answer> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Answer>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                int index = i;
                Callable<Answer> task = () -> {
                    start.await();
                    return call.apply(index);
                };
                futures.add(pool.submit(task));
            }
            start.countDown();
            List<Answer> answers = new ArrayList<>();
            for (Future<Answer> f : futures) {
                answers.add(f.get());
            }
            return answers;
        }
        finally {
            pool.shutdownNow();
        }
    }

}
