package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.launcher.ChaosScenario.Refunds;
import io.paypipe.launcher.DemoRefundApi.Answer;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.wechatpay.RefundApiStatus;
import io.paypipe.sandbox.wechatpay.RefundRecord;
import io.paypipe.sandbox.wechatpay.RefundScenario;
import io.paypipe.sandbox.wechatpay.RefundStatus;
import io.paypipe.sandbox.wechatpay.WechatPayRefundDesk;
import io.paypipe.sandbox.wechatpay.WechatPayRefunds;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The chaos test's refunds (issue 12), through refund-service's {@code POST /refunds} on
 * the sandbox's WeChat refund API, once the payments are settled: concurrent partial
 * refunds adding up to more than was paid (the ones that do not fit are answered 409),
 * refunds whose answer WeChat loses, and refunds whose final notice WeChat pushes again.
 * {@link #run} returns what each order must end with; {@link #assertSettled} checks it
 * against refund-service's tables and WeChat's books.
 */
final class ChaosRefunds {

    /**
     * One refunded order: what it paid, what its refunds must add up to, how many were
     * created and how many answered 409.
     */
    record Refunded(String outTradeNo, String merchant, String tradeNo, Refunds kind, long paid, long refunded,
            int created, int refused) {
    }

    private final JdbcClient jdbc;

    private final DemoRefundApi api;

    private final WechatPayRefundDesk wechat;

    private final WechatPayRefunds notices;

    ChaosRefunds(LocalPipeline pipeline, JdbcClient jdbc) {
        this.jdbc = jdbc;
        this.api = new DemoRefundApi(pipeline.settings().port(PipelineService.REFUND),
                pipeline.settings().accounts().operator());
        this.wechat = pipeline.bean(PipelineService.SANDBOX, WechatPayRefundDesk.class);
        this.notices = pipeline.bean(PipelineService.SANDBOX, WechatPayRefunds.class);
    }

    /** Refunds the planned orders, 16 at a time. */
    List<Refunded> run(Map<Integer, Refunds> planned, String prefix) throws Exception {
        Semaphore inFlight = new Semaphore(16);
        List<Future<Refunded>> done = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (var p : planned.entrySet()) {
                inFlight.acquire();
                done.add(executor.submit(() -> {
                    try {
                        return refund(prefix + String.format("%05d", p.getKey()), p.getValue());
                    }
                    finally {
                        inFlight.release();
                    }
                }));
            }
            List<Refunded> refunded = new ArrayList<>();
            for (Future<Refunded> f : done) {
                refunded.add(f.get());
            }
            return refunded;
        }
    }

    private Refunded refund(String outTradeNo, Refunds kind) throws Exception {
        var order = jdbc
            .sql("SELECT merchant_id, channel_trade_no, paid_amount_minor FROM orders WHERE out_trade_no = :no")
            .param("no", outTradeNo)
            .query()
            .singleRow();
        String merchant = (String) order.get("merchant_id");
        String trade = (String) order.get("channel_trade_no");
        long paid = ((Number) order.get("paid_amount_minor")).longValue();
        return switch (kind) {
            case CONCURRENT -> {
                long each = paid / 3 + 1;
                List<Answer> answers = concurrently(4,
                        i -> api.create(merchant, outTradeNo, each, outTradeNo + "-C" + i, "chaos: partial refund"));
                int created = (int) answers.stream().filter(a -> a.status() == 201).count();
                int refused = (int) answers.stream().filter(a -> a.status() == 409).count();
                assertThat(created + refused).as("%s: %s", outTradeNo, answers).isEqualTo(4);
                assertThat(created).as("%s: %s", outTradeNo, answers).isEqualTo((int) Math.min(4, paid / each));
                assertThat(answers).filteredOn(a -> a.status() == 409)
                    .allSatisfy(a -> assertThat(a.body().path("refundable").asLong()).isEqualTo(paid - created * each));
                yield new Refunded(outTradeNo, merchant, trade, kind, paid, created * each, created, refused);
            }
            case ANSWER_LOST -> {
                long half = Math.max(1, paid / 2);
                String refundNo = outTradeNo + "-L";
                wechat.chooseScenario(merchant, refundNo, null, RefundScenario.ANSWER_LOST);
                Answer answer = api.create(merchant, outTradeNo, half, refundNo, "chaos: answer lost");
                assertThat(answer.status()).as("%s: %s", outTradeNo, answer).isEqualTo(201);
                // the call timed out: the refund is left for the query (PENDING, unless
                // its
                // notice was quicker), never FAIL
                assertThat(answer.body().path("status").asString()).as("%s: %s", outTradeNo, answer)
                    .isIn("PENDING", "SUCCESS");
                yield new Refunded(outTradeNo, merchant, trade, kind, paid, half, 1, 0);
            }
            case DUPLICATED_NOTICE -> {
                String refundNo = outTradeNo + "-D";
                Answer answer = api.create(merchant, outTradeNo, paid, refundNo, "chaos: notice pushed again");
                assertThat(answer.status()).as("%s: %s", outTradeNo, answer).isEqualTo(201);
                await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> "SUCCESS".equals(refundStatus(merchant, refundNo)));
                RefundRecord made = wechat.find(merchant, refundNo).orElseThrow();
                assertThat(made.status()).isEqualTo(RefundApiStatus.SUCCESS);
                var again = notices
                    .push(made.spec().withStatus(RefundStatus.SUCCESS).withSuccessTime(made.successTime()), 3);
                for (var delivery : again.deliveries()) {
                    assertThat(delivery.join().status()).isEqualTo(NotificationPusher.Status.DELIVERED);
                }
                yield new Refunded(outTradeNo, merchant, trade, kind, paid, paid, 1, 0);
            }
        };
    }

    /**
     * Every refund of the run is final, each order refunded exactly what its refunds
     * were, never more than it paid, at refund-service and in WeChat's books alike.
     */
    void assertSettled(List<Refunded> refunded, String prefix) {
        await().atMost(Duration.ofSeconds(90))
            .pollInterval(Duration.ofSeconds(1))
            .untilAsserted(() -> assertThat(jdbc
                .sql("SELECT COUNT(*) FROM refund WHERE out_trade_no LIKE :p AND status NOT IN ('SUCCESS', 'FAIL')")
                .param("p", prefix + "%")
                .query(Long.class)
                .single()).isZero());
        assertThat(jdbc.sql("""
                SELECT o.out_trade_no FROM orders o JOIN refund r ON r.order_id = o.id
                 WHERE o.out_trade_no LIKE :p AND r.status IN ('SUCCESS', 'ACCEPTED', 'PENDING')
                   AND r.channel_trade_no = o.channel_trade_no
                 GROUP BY o.id, o.out_trade_no, o.paid_amount_minor HAVING SUM(r.amount_minor) > o.paid_amount_minor
                """).param("p", prefix + "%").query(String.class).list()).as("orders refunded beyond paid").isEmpty();
        for (Refunded r : refunded) {
            var rows = jdbc
                .sql("""
                        SELECT r.status, r.amount_minor, o.status AS order_status FROM refund r JOIN orders o ON o.id = r.order_id
                         WHERE o.out_trade_no = :no AND r.source = 'API'""")
                .param("no", r.outTradeNo())
                .query()
                .listOfRows();
            assertThat(rows).as("%s", r).hasSize(r.created()).allSatisfy(row -> {
                assertThat(row.get("status")).isEqualTo("SUCCESS");
                assertThat(row.get("order_status"))
                    .isEqualTo(r.refunded() == r.paid() ? "REFUNDED" : "PARTIALLY_REFUNDED");
            });
            assertThat(rows.stream().mapToLong(row -> ((Number) row.get("amount_minor")).longValue()).sum()).as("%s", r)
                .isEqualTo(r.refunded())
                .isLessThanOrEqualTo(r.paid());
            List<RefundRecord> books = wechat.refundsOf(r.tradeNo());
            assertThat(books).as("WeChat's books of %s", r).hasSize(r.created());
            assertThat(books.stream().mapToLong(RefundRecord::refundFen).sum()).as("WeChat's books of %s", r)
                .isEqualTo(r.refunded());
            if (r.kind() == Refunds.DUPLICATED_NOTICE) {
                // the notice pushed four times is one raw row, one state change, one
                // take-back of points
                assertThat(count("SELECT COUNT(*) FROM pay_refund_raw WHERE merchant_id = :m AND refund_no = :no",
                        r.merchant(), r.outTradeNo() + "-D"))
                    .isEqualTo(1);
                assertThat(count("""
                        SELECT COUNT(*) FROM refund_transition t JOIN refund f ON f.id = t.refund_id
                         WHERE f.merchant_id = :m AND f.refund_no = :no AND t.to_status = 'SUCCESS'""", r.merchant(),
                        r.outTradeNo() + "-D"))
                    .isEqualTo(1);
                await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(
                            count("SELECT COUNT(*) FROM points_take_back WHERE merchant_id = :m AND refund_no = :no",
                                    r.merchant(), r.outTradeNo() + "-D"))
                        .isEqualTo(1));
            }
        }
    }

    private String refundStatus(String merchant, String refundNo) {
        return jdbc.sql("SELECT status FROM refund WHERE merchant_id = :m AND refund_no = :no")
            .param("m", merchant)
            .param("no", refundNo)
            .query(String.class)
            .optional()
            .orElse(null);
    }

    private long count(String sql, String merchant, String refundNo) {
        return jdbc.sql(sql).param("m", merchant).param("no", refundNo).query(Long.class).single();
    }

    private interface Call {

        Answer call(int i) throws Exception;

    }

    private static List<Answer> concurrently(int n, Call call) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Answer>> futures = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
                int index = i;
                futures.add(executor.submit(() -> {
                    go.await();
                    return call.call(index);
                }));
            }
            go.countDown();
            List<Answer> answers = new ArrayList<>();
            for (Future<Answer> f : futures) {
                answers.add(f.get());
            }
            return answers;
        }
    }

}
