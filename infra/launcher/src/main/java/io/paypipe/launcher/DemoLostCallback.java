package io.paypipe.launcher;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The demo's lost callback: one WeChat order paid at the sandbox whose notifications the
 * sandbox drops ({@link CallbackScenario#DROP}), so that only reconcile-service's active
 * query can learn of the payment. Waits until the query found it and the payment went the
 * callback's way: one raw row with source QUERY, the order PAID with one ledger row, one
 * order.paid event id and one shipment.
 */
final class DemoLostCallback {

    /**
     * reconcile-service's active query while the demo runs ({@code ./paypipe run} without
     * {@code --no-demo}): the first query 5 s after an order's creation instead of 3 min,
     * then every 5 s, 10 s, 30 s, 1 min, 5 min instead of 30 s ... 1 h, so that the lost
     * callback is found within seconds. The rest stays reconcile-service's defaults.
     */
    static final Map<String, String> RECONCILE_SETTINGS = Map.of("reconcile.query.first-query-after", "5s",
            "reconcile.query.backoff", "5s,10s,30s,1m,5m");

    private static final Duration POLL = Duration.ofMillis(200);

    private static final long AMOUNT_FEN = 8_800;

    private final LocalPipeline pipeline;

    private final PrintStream out;

    DemoLostCallback(LocalPipeline pipeline, PrintStream out) {
        this.pipeline = pipeline;
        this.out = out;
    }

    /**
     * Pays the order {@code prefix}WECHAT with its callbacks dropped; gives up at
     * {@code timeout} after the start.
     */
    DemoLostCallbackResult run(String prefix, Duration timeout) {
        Instant start = Instant.now();
        Instant deadline = start.plus(timeout);
        String outTradeNo = prefix + "WECHAT";
        WechatPaySandboxMerchant merchant = pipeline.bean(PipelineService.SANDBOX, SandboxMerchants.class)
            .wechatPay()
            .stream()
            .filter(m -> !m.isServiceProvider())
            .findFirst()
            .orElseThrow();
        OrderRef order = OrderRef.of(Channel.WECHATPAY, merchant.merchantId(), outTradeNo);
        JdbcClient jdbc = JdbcClient.create(pipeline.bean(PipelineService.PROCESSOR, DataSource.class));
        try (var counter = new OrderPaidCounter(pipeline.settings().bootstrapServers(), outTradeNo)) {
            out.printf(
                    "demo: paying %s (%s at WeChat merchant %s); the sandbox drops its every notification, "
                            + "reconcile-service's active query asks WeChat %s after the order%n",
                    outTradeNo, DemoRefunds.major(Money.of(AMOUNT_FEN, "CNY")), merchant.merchantId(),
                    RECONCILE_SETTINGS.get("reconcile.query.first-query-after"));
            pipeline.bean(PipelineService.SANDBOX, CallbackScenarios.class).choose(order, CallbackScenario.DROP);
            pipeline.bean(PipelineService.SANDBOX, SandboxOrders.class)
                .create(merchant.merchantId(), outTradeNo, AMOUNT_FEN);
            boolean placed = until(deadline, () -> orderStatus(jdbc, order).equals("PENDING"));
            if (placed) {
                pipeline.bean(PipelineService.SANDBOX, WechatPayPayments.class)
                    .pay(merchant.merchantId(), outTradeNo, AMOUNT_FEN, null, 1);
            }
            Instant[] nextProgress = { Instant.now() };
            if (placed) {
                until(deadline, () -> {
                    DemoLostCallbackResult now = read(jdbc, order, counter, start);
                    if (!Instant.now().isBefore(nextProgress[0])) {
                        out.printf("demo: lost callback %s: order %s, %s, raw rows: %s%n", outTradeNo,
                                now.orderStatus(),
                                now.queryAnswers().isEmpty() ? "not queried yet"
                                        : "queried " + now.queryAnswers().size() + "x ("
                                                + String.join(", ", now.queryAnswers()) + ")",
                                now.rawSources().isEmpty() ? "none" : String.join(", ", now.rawSources()));
                        nextProgress[0] = Instant.now().plusSeconds(1);
                    }
                    return now.complete();
                });
            }
            return read(jdbc, order, counter, start);
        }
    }

    private DemoLostCallbackResult read(JdbcClient jdbc, OrderRef order, OrderPaidCounter counter, Instant start) {
        DemoCounts counts = DemoCounts.read(jdbc, order.outTradeNo());
        var callbacks = pipeline.bean(PipelineService.SANDBOX, CallbackScenarios.class).status(order);
        List<String> answers = pipeline.bean(PipelineService.SANDBOX, ChannelCalls.class)
            .of(order, ChannelCall.Operation.QUERY)
            .stream()
            .map(ChannelCall::answer)
            .toList();
        List<String> sources = jdbc
            .sql("SELECT source FROM pay_notify_raw WHERE merchant_id = :m AND out_trade_no = :o ORDER BY id")
            .param("m", order.merchantId())
            .param("o", order.outTradeNo())
            .query(String.class)
            .list();
        return new DemoLostCallbackResult(order.outTradeNo(), order.channel().code(), order.merchantId(),
                Money.of(AMOUNT_FEN, "CNY"), callbacks.map(CallbackScenarios.Status::dropped).orElse(0),
                callbacks.map(CallbackScenarios.Status::released).orElse(0), answers, sources, orderStatus(jdbc, order),
                counts.ledgerRows(), counter.distinctEventIds(), counts.shipments(),
                Duration.between(start, Instant.now()));
    }

    private static String orderStatus(JdbcClient jdbc, OrderRef order) {
        return jdbc.sql("SELECT status FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", order.merchantId())
            .param("o", order.outTradeNo())
            .query(String.class)
            .optional()
            .orElse("ABSENT");
    }

    /** Polls {@code done} until it holds or {@code deadline} passes. */
    private static boolean until(Instant deadline, BooleanSupplier done) {
        while (!done.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                return false;
            }
            try {
                Thread.sleep(POLL);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        return true;
    }

}
