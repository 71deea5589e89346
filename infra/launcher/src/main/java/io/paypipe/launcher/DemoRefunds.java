package io.paypipe.launcher;

import io.paypipe.core.money.Money;
import io.paypipe.sandbox.alipay.AlipayMerchant;
import io.paypipe.sandbox.alipay.AlipayPayments;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.stripe.StripePayments;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The demo's refunds: one order paid through Alipay and one through Stripe (the sandbox's
 * first merchant of each), then part of the first and all of the second refunded through
 * refund-service's API ({@code POST /refunds}, as {@code ./paypipe refund create} does),
 * then waits until each refund is SUCCESS, its order settled by the refunds' sums and its
 * points taken back once.
 */
final class DemoRefunds {

    private static final Duration POLL = Duration.ofMillis(200);

    /** One order of this part: paid at its channel, then {@code refundMinor} refunded. */
    private record Case(String channel, String merchant, String outTradeNo, Money paid, long refundMinor,
            String expectedStatus) {

        String refundNo() {
            return outTradeNo + "-RF1";
        }

    }

    private final LocalPipeline pipeline;

    private final PrintStream out;

    private final JdbcClient jdbc;

    private final DemoRefundApi api;

    DemoRefunds(LocalPipeline pipeline, PrintStream out) {
        this.pipeline = pipeline;
        this.out = out;
        this.jdbc = JdbcClient.create(pipeline.bean(PipelineService.PROCESSOR, DataSource.class));
        this.api = new DemoRefundApi(pipeline.settings().port(PipelineService.REFUND),
                pipeline.settings().accounts().operator());
    }

    /**
     * Pays and refunds the orders {@code prefix}ALIPAY and {@code prefix}STRIPE; gives up
     * at {@code timeout} after the start.
     */
    DemoRefundsResult run(String prefix, Duration timeout) {
        Instant start = Instant.now();
        Instant deadline = start.plus(timeout);
        var orders = pipeline.bean(PipelineService.SANDBOX, SandboxOrders.class);
        var alipay = pipeline.bean(PipelineService.SANDBOX, AlipayPayments.class);
        var stripe = pipeline.bean(PipelineService.SANDBOX, StripePayments.class);
        String appId = pipeline.bean(PipelineService.SANDBOX, SandboxMerchants.class)
            .alipay()
            .stream()
            .filter(m -> !m.isServiceProvider())
            .map(AlipayMerchant::appId)
            .findFirst()
            .orElseThrow();
        String account = stripe.merchants().first().account();
        Case partly = new Case("alipay", appId, prefix + "ALIPAY", Money.of(12_800, "CNY"), 3_000,
                "PARTIALLY_REFUNDED");
        Case fully = new Case("stripe", account, prefix + "STRIPE", Money.of(5_000, "USD"), 5_000, "REFUNDED");
        List<Case> cases = List.of(partly, fully);

        out.printf("demo: paying %s (%s at Alipay app %s) and %s (%s at Stripe account %s)%n", partly.outTradeNo(),
                major(partly.paid()), appId, fully.outTradeNo(), major(fully.paid()), account);
        orders.create(appId, partly.outTradeNo(), partly.paid().minor());
        stripe.createOrder(account, fully.outTradeNo(), fully.paid().minor(), fully.paid().currency());
        boolean paid = until(deadline, () -> cases.stream().allMatch(c -> orderStatus(c).equals("PENDING")));
        if (paid) {
            alipay.pay(appId, partly.outTradeNo(), partly.paid().minor(), null, 1);
            stripe.pay(account, fully.outTradeNo(), fully.paid().minor(),
                    fully.paid().currency().toLowerCase(Locale.ROOT), 1);
            paid = until(deadline, () -> cases.stream().allMatch(c -> orderStatus(c).equals("PAID")));
        }
        int[] created = new int[cases.size()];
        if (paid) {
            out.printf("demo: refunding %s of %s and all %s of %s through refund-service (POST %s/refunds)%n",
                    major(Money.of(partly.refundMinor(), partly.paid().currency())), partly.outTradeNo(),
                    major(fully.paid()), fully.outTradeNo(), api.base());
            for (int i = 0; i < cases.size(); i++) {
                Case c = cases.get(i);
                created[i] = api
                    .create(c.merchant(), c.outTradeNo(), c.refundMinor(), c.refundNo(), "paypipe demo: goods returned")
                    .status();
            }
        }
        Instant[] nextProgress = { Instant.now() };
        boolean settled = paid && until(deadline, () -> {
            List<DemoRefundsResult.Order> now = read(cases, created);
            if (!Instant.now().isBefore(nextProgress[0])) {
                out.printf("demo: refunds %s%n",
                        String.join(", ",
                                now.stream()
                                    .map(o -> o.channel() + " " + o.refundStatus() + " (order " + o.orderStatus() + ")")
                                    .toList()));
                nextProgress[0] = Instant.now().plusSeconds(1);
            }
            return now.stream().allMatch(DemoRefundsResult.Order::settled)
                    || now.stream().anyMatch(o -> o.refundStatus().equals("FAIL"));
        });
        List<DemoRefundsResult.Order> outcome = read(cases, created);
        return new DemoRefundsResult(prefix, outcome, Duration.between(start, Instant.now()),
                settled && outcome.stream().allMatch(DemoRefundsResult.Order::settled));
    }

    private List<DemoRefundsResult.Order> read(List<Case> cases, int[] created) {
        return IntStream.range(0, cases.size()).mapToObj(i -> read(cases.get(i), created[i])).toList();
    }

    /**
     * Where one order stands: its refund and sums from refund-service, its points from
     * downstream.
     */
    private DemoRefundsResult.Order read(Case c, int createdStatus) {
        String refundStatus = "NOT_REQUESTED";
        String orderStatus = orderStatus(c);
        long refunded = 0;
        if (createdStatus != 0) {
            DemoRefundApi.Answer answer = api.orderRefunds(c.merchant(), c.outTradeNo());
            JsonNode body = answer.body();
            orderStatus = body.path("status").asString(orderStatus);
            refunded = body.path("refunded").asLong(0);
            refundStatus = "NOT_STORED";
            for (JsonNode refund : body.path("refunds")) {
                if (refund.path("refund_no").asString("").equals(c.refundNo())) {
                    refundStatus = refund.path("status").asString("UNKNOWN");
                }
            }
        }
        return new DemoRefundsResult.Order(c.channel(), c.outTradeNo(), c.paid(), c.refundMinor(), c.refundNo(),
                createdStatus, refundStatus, orderStatus, c.expectedStatus(), refunded, points(c, "points_grant"),
                count(c, "points_take_back"), points(c, "points_take_back"));
    }

    private String orderStatus(Case c) {
        return jdbc.sql("SELECT status FROM orders WHERE merchant_id = :m AND out_trade_no = :o")
            .param("m", c.merchant())
            .param("o", c.outTradeNo())
            .query(String.class)
            .optional()
            .orElse("ABSENT");
    }

    /**
     * {@code table} is points_grant or points_take_back: the points of the order's rows.
     */
    private long points(Case c, String table) {
        return jdbc
            .sql("SELECT COALESCE(SUM(t.points), 0) FROM " + table
                    + " t JOIN orders o ON o.id = t.order_id WHERE o.merchant_id = :m AND o.out_trade_no = :o")
            .param("m", c.merchant())
            .param("o", c.outTradeNo())
            .query(Long.class)
            .single();
    }

    private long count(Case c, String table) {
        return jdbc
            .sql("SELECT COUNT(*) FROM " + table
                    + " t JOIN orders o ON o.id = t.order_id WHERE o.merchant_id = :m AND o.out_trade_no = :o")
            .param("m", c.merchant())
            .param("o", c.outTradeNo())
            .query(Long.class)
            .single();
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

    /** 128.00 CNY, 1500 JPY. */
    static String major(Money amount) {
        return BigDecimal.valueOf(amount.minor(), Money.fractionDigits(amount.currency())).toPlainString() + " "
                + amount.currency();
    }

}
