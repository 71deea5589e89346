package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.auditor.AuditReport;
import io.paypipe.auditor.AuditScope;
import io.paypipe.auditor.Auditor;
import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.launcher.ChaosScenario.Planned;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.TradeState;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The real pipeline (sandbox, ingress, broker, database, downstream) with TWO processor
 * instances, one of them in its own JVM, under a seeded random mix of duplicates,
 * reordering, double payments, payments after a channel's close, closes, mismatched
 * amounts and unknown orders, while the forked processor is killed (SIGKILL) and started
 * again mid-stream (two rebalances). The kill hits work in flight: before it, the forked
 * processor owns payment.notify partitions and has applied payments; at the kill its
 * consumer threads stand right after a database commit (fault hook
 * {@code processor.pause-after-commit-when}), so their records must be redelivered to the
 * survivor, which publishes the order.paid the killed one never did. About one order in
 * twenty is paid at the channel with every notification dropped (a lost callback):
 * reconcile-service runs in the pipeline, its active query compressed (first query 10 s
 * after the order), and must find every one of them. At the end every outcome and alert
 * count equals what the seed generated, every lost callback is PAID once by a raw row the
 * query stored, and the auditor, having read every order.paid record there is, finds no
 * violation. Replay a failure with {@code -Dchaos.seed=<seed>}.
 */
class ChaosIntegrationTest {

    private static final int ORDERS = Integer.getInteger("chaos.orders", 500);

    /**
     * The processor's ladder compressed to about 13 s in all: a REORDERED order's payment
     * waits on it for its order.created, which on a loaded machine (a 5000-order run
     * beside other builds) came later than a ladder of 7 x 100 ms and ended as
     * UNKNOWN_ORDER.
     */
    private static final List<String> PROCESSOR_TUNING = List.of(
            "processor.retry-delays=100ms,200ms,400ms,800ms,1600ms,3200ms,6400ms",
            "spring.kafka.consumer.properties.session.timeout.ms=6000",
            "spring.kafka.consumer.properties.heartbeat.interval.ms=1000");

    /**
     * refund-service's ladders compressed (about a minute in all, so a refund under load
     * is final long before its last query), and WeChat's lost answers held longer than
     * its channel call waits.
     */
    private static final List<String> REFUND_TUNING = List.of("refund.query-delays=2s,4s,8s,16s,30s",
            "refund.channel-call-timeout=1s", "refund.notify-retry-delays=200ms,400ms,800ms",
            "refund.task-retry-delays=200ms,400ms,800ms", "refund.dead-letter-retry-delays=100ms");

    /**
     * reconcile-service's active query compressed: the first query 10 s after the order
     * (well after its callbacks were stored, so a query never beats the callbacks of a
     * scenario the sandbox's order book does not model, such as a close notified by
     * WeChat), then every 2 s, 5 s; the expiry stays 2 h (no order is closed by it here).
     */
    private static final List<String> RECONCILE_TUNING = List.of("reconcile.query.first-query-after=10s",
            "reconcile.query.backoff=2s,5s", "reconcile.query.poll-timeout=200ms", "reconcile.query.handling-retry=1s");

    @Test
    void seededChaosEndsWithTheGeneratedOutcomesAndNoViolation() throws Exception {
        long seed = Long.getLong("chaos.seed", new Random().nextLong());
        System.out.println("chaos seed " + seed + " (replay with -Dchaos.seed=" + seed + ")");
        List<Planned> plan = ChaosScenario.plan(seed, ORDERS);
        String prefix = "CH" + Long.toString(Math.abs(seed) % 1_000_000_000L, 36).toUpperCase() + "-";
        LocalPipeline.Settings settings = settings();
        for (String kv : PROCESSOR_TUNING) {
            settings = settings.withExtra(PipelineService.PROCESSOR, kv.substring(0, kv.indexOf('=')),
                    kv.substring(kv.indexOf('=') + 1));
        }
        for (String kv : REFUND_TUNING) {
            settings = settings.withExtra(PipelineService.REFUND, kv.substring(0, kv.indexOf('=')),
                    kv.substring(kv.indexOf('=') + 1));
        }
        settings = withExtras(settings, PipelineService.RECONCILE, RECONCILE_TUNING);
        settings = settings.withExtra(PipelineService.SANDBOX, "sandbox.wechatpay-refunds.lost-answer-hold", "3s");
        Path pauseMarker = Files.createTempDirectory("chaos").resolve("pause-after-commit");
        List<String> forkedArgs = List.of("--processor.pause-after-commit-when=" + pauseMarker);

        try (var pipeline = LocalPipeline.start(settings,
                EnumSet.of(PipelineService.SANDBOX, PipelineService.PROCESSOR, PipelineService.INGRESS,
                        PipelineService.RECONCILE, PipelineService.REFUND, PipelineService.DOWNSTREAM))) {
            JdbcClient jdbc = jdbc(pipeline, PipelineService.PROCESSOR);
            ForkedProcessor second = ForkedProcessor.start(settings, forkedArgs).awaitStarted();
            try {
                // Given two processors sharing the work
                // When the seeded mix runs, with the forked processor killed at 40% and
                // restarted at 60%
                AtomicInteger started = new AtomicInteger();
                ForkedProcessor[] forked = { second };
                List<CompletableFuture<Kill>> kill = new ArrayList<>();
                Runnable chaosMonkey = () -> {
                    int n = started.incrementAndGet();
                    if (n == ORDERS * 4 / 10) {
                        ForkedProcessor doomed = forked[0];
                        kill.add(CompletableFuture.supplyAsync(() -> Kill.withWorkInFlight(doomed, pauseMarker)));
                    }
                    else if (n == ORDERS * 6 / 10) {
                        kill.getFirst().join();
                        forked[0] = ForkedProcessor.start(pipeline.settings(), forkedArgs).awaitStarted();
                    }
                };
                run(pipeline, plan, prefix, new Random(seed ^ 0x5DEECE66DL), chaosMonkey);
                second = forked[0];
                Kill killed = kill.getFirst().join();
                System.out.println("chaos: " + killed);

                // Then every notification is settled with the outcome the seed planned
                Map<String, Integer> expected = ChaosScenario.expectedOutcomes(plan);
                int expectedRows = expected.values().stream().mapToInt(Integer::intValue).sum();
                try {
                    await().atMost(Duration.ofMinutes(5))
                        .pollInterval(Duration.ofSeconds(1))
                        .untilAsserted(() -> assertThat(jdbc
                            .sql("SELECT COUNT(*) FROM pay_notify_raw WHERE out_trade_no LIKE :p AND handled <> 0")
                            .param("p", prefix + "%")
                            .query(Long.class)
                            .single()).isEqualTo(expectedRows));
                }
                catch (RuntimeException | AssertionError e) {
                    System.out.println("chaos: not settled in time; outcomes " + outcomes(jdbc, prefix) + ", expected "
                            + expected + "; unsettled: "
                            + jdbc.sql("""
                                    SELECT id, out_trade_no, trade_state, created_at FROM pay_notify_raw
                                     WHERE out_trade_no LIKE :p AND handled = 0 LIMIT 20""")
                                .param("p", prefix + "%")
                                .query()
                                .listOfRows());
                    throw e;
                }
                assertThat(outcomes(jdbc, prefix))
                    .as("outcomes for seed " + seed + ", plan " + ChaosScenario.histogram(plan))
                    .isEqualTo(expected);
                long paid = plan.stream().filter(p -> p.scenario().endsPaid()).count();
                long closed = plan.stream().filter(p -> p.scenario().endsClosed()).count();
                long refundTasks = plan.stream().filter(p -> p.scenario().refundTask()).count();
                assertThat(count(jdbc, "SELECT COUNT(*) FROM orders WHERE status = 'PAID' AND out_trade_no LIKE :p",
                        prefix))
                    .isEqualTo(paid);
                assertThat(count(jdbc, "SELECT COUNT(*) FROM orders WHERE status = 'CLOSED' AND out_trade_no LIKE :p",
                        prefix))
                    .isEqualTo(closed);
                assertThat(count(jdbc,
                        "SELECT COUNT(*) FROM refund_task t JOIN orders o ON o.id = t.order_id WHERE o.out_trade_no LIKE :p",
                        prefix))
                    .isEqualTo(refundTasks);
                await().atMost(Duration.ofMinutes(2))
                    .untilAsserted(() -> assertThat(
                            count(jdbc, "SELECT COUNT(*) FROM shipment WHERE out_trade_no LIKE :p", prefix))
                        .isEqualTo(paid));
                assertThat(alerts(jdbc, prefix)).as("alerts for seed " + seed)
                    .isEqualTo(ChaosScenario.expectedAlerts(plan));

                // And every lost callback was found by the active query: its one raw row
                // stored by the query, the order PAID by it once
                ChaosLostCallbacks.assertFoundByTheQuery(pipeline, jdbc, plan, prefix);

                // And the refunds: concurrent partial refunds (the ones that do not fit
                // answered 409), lost answers and notices pushed again end with every
                // refund final, each order refunded what its refunds were and never more
                // than it paid, and each refund task one successful refund
                var refunds = new ChaosRefunds(pipeline, jdbc);
                List<ChaosRefunds.Refunded> refunded = refunds.run(ChaosScenario.refunds(seed, plan), prefix);
                System.out.println("chaos: " + refunded.size() + " orders refunded, "
                        + refunded.stream().mapToInt(ChaosRefunds.Refunded::refused).sum() + " refunds answered 409");
                assertThat(refunded).extracting(ChaosRefunds.Refunded::kind)
                    .containsAll(EnumSet.allOf(ChaosScenario.Refunds.class));
                refunds.assertSettled(refunded, prefix);
                await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> assertThat(count(jdbc, """
                        SELECT COUNT(*) FROM refund_task t JOIN orders o ON o.id = t.order_id
                          JOIN refund r ON r.refund_task_id = t.id AND r.status = 'SUCCESS' AND r.source = 'TASK'
                         WHERE o.out_trade_no LIKE :p AND t.status = 'REFUNDED'""", prefix)).isEqualTo(refundTasks));
                assertThat(alerts(jdbc, prefix)).as("alerts for seed " + seed + " after the refunds")
                    .isEqualTo(ChaosScenario.expectedAlerts(plan));

                // And the kill hit work in flight: the forked processor owned partitions
                // and had applied payments,
                // and each payment it had committed but not yet published was
                // redelivered: its order.paid exists,
                // and only the survivor can have published it
                assertThat(killed.ownedPaymentPartitions()).as(killed.toString()).isTrue();
                assertThat(killed.appliedBefore()).as(killed.toString()).isPositive();
                assertThat(killed.pausedRawIds()).as(killed.toString()).isNotEmpty();
                assertThat(killed.exitValue()).isEqualTo(137);
                OrderPaidSnapshot orderPaid = OrderPaidSnapshot.readToEnd(TestInfra.get().bootstrapServers());
                for (long rawId : killed.pausedRawIds()) {
                    var row = jdbc.sql("""
                            SELECT r.outcome, l.event_id FROM pay_notify_raw r
                              JOIN payment_ledger l ON l.channel = r.channel AND l.channel_trade_no = r.channel_trade_no
                             WHERE r.id = :id""").param("id", rawId).query().singleRow();
                    assertThat(row.get("outcome")).isEqualTo("APPLIED");
                    assertThat(orderPaid.eventIds())
                        .as("%s of raw %d, committed by the killed processor", Topics.ORDER_PAID.name(), rawId)
                        .contains((String) row.get("event_id"));
                }

                // And the independent auditor finds nothing wrong
                // (scoped to this run's orders: the launcher's other tests share the
                // database, and one of them
                // publishes its order.paid to a broker of its own)
                long orderPaidRecords = OrderPaidSnapshot.readToEnd(TestInfra.get().bootstrapServers()).records();
                AuditReport report = new Auditor(pipeline.bean(PipelineService.PROCESSOR, DataSource.class),
                        TestInfra.get().bootstrapServers(), Clock.systemUTC())
                    .audit(AuditScope.outTradeNoPrefix(prefix), Duration.ofHours(4));
                System.out.print(report.render());
                assertThat(report.violations()).as(report.render()).isEmpty();
                // having read at least every order.paid record there was when it started,
                // and checked every
                // ledger row of this run against them
                assertThat(report.orderPaidRecordsRead()).as(report.render())
                    .isGreaterThanOrEqualTo(orderPaidRecords)
                    .isGreaterThanOrEqualTo(paid);
                assertThat(report.checked("payment_ledger rows checked against " + Topics.ORDER_PAID.name()))
                    .as(report.render())
                    .isEqualTo(paid);
                // and having read every refund of the run, the tasks' and the API's
                assertThat(report.checked("refund")).as(report.render())
                    .isEqualTo(count(jdbc, "SELECT COUNT(*) FROM refund WHERE out_trade_no LIKE :p", prefix))
                    .isGreaterThan(refunded.size());
                // and every raw refund notice of the run (the duplicated notices land
                // there)
                assertThat(report.checked("pay_refund_raw")).as(report.render())
                    .isEqualTo(count(jdbc, "SELECT COUNT(*) FROM pay_refund_raw WHERE out_trade_no LIKE :p", prefix))
                    .isPositive();
            }
            finally {
                second.close();
            }
        }
    }

    /**
     * Runs the plan, 16 orders at a time, each order's steps in sequence, the orders in a
     * shuffled order.
     */
    private static void run(LocalPipeline pipeline, List<Planned> plan, String prefix, Random random, Runnable onStart)
            throws Exception {
        List<Planned> shuffled = new ArrayList<>(plan);
        Collections.shuffle(shuffled, random);
        List<WechatPaySandboxMerchant> merchants = pipeline.bean(PipelineService.SANDBOX, SandboxMerchants.class)
            .wechatPay();
        var steps = new OrderSteps(pipeline, prefix);
        Semaphore inFlight = new Semaphore(16);
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> orders = new ArrayList<>();
            for (Planned p : shuffled) {
                WechatPaySandboxMerchant merchant = merchants.get(p.index() % merchants.size());
                inFlight.acquire();
                onStart.run();
                orders.add(executor.submit(() -> {
                    try {
                        steps.run(p, merchant);
                    }
                    finally {
                        inFlight.release();
                    }
                    return null;
                }));
            }
            for (Future<?> order : orders) {
                order.get();
            }
        }
    }

    /**
     * The channel's side of one order: what the merchant's order system and WeChat send,
     * in which order.
     */
    private record OrderSteps(LocalPipeline pipeline, String prefix) {

        void run(Planned p, WechatPaySandboxMerchant merchant) {
            String outTradeNo = prefix + String.format("%05d", p.index());
            switch (p.scenario()) {
                case PAID -> {
                    create(merchant, outTradeNo, p.amountFen());
                    deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.SUCCESS), p.copies());
                }
                case DOUBLE_PAYMENT -> {
                    create(merchant, outTradeNo, p.amountFen());
                    deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.SUCCESS), p.copies());
                    deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.SUCCESS), 1);
                }
                case CLOSED_THEN_PAID -> {
                    create(merchant, outTradeNo, p.amountFen());
                    deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.CLOSED), 1);
                    deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.SUCCESS), p.copies());
                }
                case CLOSED -> {
                    create(merchant, outTradeNo, p.amountFen());
                    deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.CLOSED), p.copies());
                }
                case MISMATCH -> {
                    create(merchant, outTradeNo, p.amountFen());
                    deliver(pay(merchant, outTradeNo, p.amountFen() + 1, TradeState.SUCCESS), p.copies());
                }
                case REORDERED -> {
                    deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.SUCCESS), p.copies());
                    create(merchant, outTradeNo, p.amountFen());
                }
                case UNKNOWN_ORDER -> deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.SUCCESS), p.copies());
                case LOST_CALLBACK -> {
                    pipeline.bean(PipelineService.SANDBOX, CallbackScenarios.class)
                        .choose(OrderRef.of(Channel.WECHATPAY, merchant.merchantId(), outTradeNo),
                                CallbackScenario.DROP);
                    create(merchant, outTradeNo, p.amountFen());
                    // paid at WeChat; the pushes are dropped (no delivery to wait for)
                    deliver(pay(merchant, outTradeNo, p.amountFen(), TradeState.SUCCESS), p.copies());
                }
            }
        }

        private void create(WechatPaySandboxMerchant merchant, String outTradeNo, long fen) {
            orders(pipeline).create(merchant.merchantId(), outTradeNo, fen);
        }

        private PaymentSpec pay(WechatPaySandboxMerchant merchant, String outTradeNo, long fen, TradeState state) {
            return PaymentSpec.success(merchant, outTradeNo, fen)
                .withTransactionId(
                        pipeline.bean(PipelineService.SANDBOX, WechatPayNotifications.class).newTransactionId())
                .withTradeState(state);
        }

        /**
         * Pushes {@code copies} identical notifications at once and waits until WeChat
         * got its success ack.
         */
        private void deliver(PaymentSpec spec, int copies) {
            for (var delivery : payments(pipeline).push(spec, copies).deliveries()) {
                assertThat(delivery.join().status()).isEqualTo(NotificationPusher.Status.DELIVERED);
            }
        }
    }

    private static Map<String, Integer> outcomes(JdbcClient jdbc, String prefix) {
        Map<String, Integer> outcomes = new TreeMap<>();
        jdbc.sql("SELECT outcome, COUNT(*) AS n FROM pay_notify_raw WHERE out_trade_no LIKE :p GROUP BY outcome")
            .param("p", prefix + "%")
            .query((rs, i) -> outcomes.put(String.valueOf(rs.getString("outcome")), rs.getInt("n")))
            .list();
        return outcomes;
    }

    private static Map<String, Integer> alerts(JdbcClient jdbc, String prefix) {
        Map<String, Integer> alerts = new TreeMap<>();
        jdbc.sql("SELECT kind, COUNT(*) AS n FROM ops_alert WHERE out_trade_no LIKE :p GROUP BY kind")
            .param("p", prefix + "%")
            .query((rs, i) -> alerts.put(rs.getString("kind"), rs.getInt("n")))
            .list();
        return alerts;
    }

    private static long count(JdbcClient jdbc, String sql, String prefix) {
        return jdbc.sql(sql).param("p", prefix + "%").query(Long.class).single();
    }

}
