package io.paypipe.launcher;

import io.paypipe.sandbox.merchant.SandboxMerchant;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.wechatpay.NotificationPusher;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The demo: creates orders the way the merchant's order system does, has the sandbox pay them as WeChat
 * would (one of them through a storm of duplicate notifications, some with a coupon), then waits until
 * every effect is there exactly once and prints a summary.
 */
public final class Demo {

    /** @param stormCopies how many copies of one notification the storm pushes */
    public record Plan(int orders, int stormCopies, Duration timeout) {
    }

    public record Result(String prefix, DemoCounts counts, long orderPaidRecords, long orderPaidEventIds,
                         Duration took, boolean complete) {
    }

    private final LocalPipeline pipeline;
    private final PrintStream out;

    public Demo(LocalPipeline pipeline, PrintStream out) {
        this.pipeline = pipeline;
        this.out = out;
    }

    public Result run(Plan plan) {
        Instant start = Instant.now();
        String prefix = "DEMO" + Long.toString(System.currentTimeMillis(), 36).toUpperCase() + "-";
        var orders = pipeline.bean(Service.SANDBOX, SandboxOrders.class);
        var payments = pipeline.bean(Service.SANDBOX, WechatPayPayments.class);
        List<SandboxMerchant> merchants = pipeline.bean(Service.SANDBOX, SandboxMerchants.class).all().stream()
                .filter(m -> !m.isServiceProvider()).toList();
        var jdbc = JdbcClient.create(pipeline.bean(Service.PROCESSOR, DataSource.class));

        try (var counter = new OrderPaidCounter(pipeline.settings().bootstrapServers(), prefix)) {
            out.printf("demo: creating %d orders (%s*) for %d merchants%n", plan.orders(), prefix, merchants.size());
            long[] amounts = new long[plan.orders()];
            for (int i = 0; i < plan.orders(); i++) {
                amounts[i] = 100 + ThreadLocalRandom.current().nextLong(99_900);
                orders.create(merchants.get(i % merchants.size()).merchantId(), outTradeNo(prefix, i), amounts[i]);
            }
            out.printf("demo: paying them through the sandbox; then order %s gets a storm of %d identical notifications%n",
                    outTradeNo(prefix, 0), plan.stormCopies());
            for (int i = plan.orders() - 1; i >= 0; i--) { // the storm last: it saturates ingress's bulkhead
                Long payerTotal = i % 5 == 1 ? amounts[i] - Math.min(50, amounts[i] - 1) : null; // a coupon paid part
                payments.pay(merchants.get(i % merchants.size()).merchantId(), outTradeNo(prefix, i), amounts[i],
                        payerTotal, i == 0 ? plan.stormCopies() : 1);
            }
            Result result = await(plan, prefix, jdbc, counter, start);
            printSummary(result, plan);
            return result;
        }
    }

    private Result await(Plan plan, String prefix, JdbcClient jdbc, OrderPaidCounter counter, Instant start) {
        Instant deadline = start.plus(plan.timeout());
        Instant nextProgress = Instant.now();
        while (true) {
            DemoCounts counts = DemoCounts.read(jdbc, prefix);
            boolean complete = counts.paidOrders() == plan.orders() && counts.shipments() == plan.orders()
                    && counts.pointsGrants() == plan.orders() && counter.distinctEventIds() == plan.orders();
            if (complete || Instant.now().isAfter(deadline)) {
                return new Result(prefix, counts, counter.records(), counter.distinctEventIds(),
                        Duration.between(start, Instant.now()), complete);
            }
            if (!Instant.now().isBefore(nextProgress)) {
                out.printf("demo: %d/%d paid, %d ledger rows, %d order.paid events, %d shipments, %d points grants%n",
                        counts.paidOrders(), plan.orders(), counts.ledgerRows(), counter.distinctEventIds(),
                        counts.shipments(), counts.pointsGrants());
                nextProgress = Instant.now().plusSeconds(1);
            }
            sleep(Duration.ofMillis(200));
        }
    }

    private void printSummary(Result r, Plan plan) {
        DemoCounts c = r.counts();
        out.println();
        out.printf("demo summary (%s*, %d ms)%n", r.prefix(), r.took().toMillis());
        out.printf("  orders created      %6d%n", c.orders());
        out.printf("  orders paid         %6d%n", c.paidOrders());
        out.printf("  notifications sent  %6d  (raw rows stored: %d, one per payment)%n",
                plan.orders() - 1 + plan.stormCopies(), c.rawRows());
        NotificationPusher.Stats pushes = pipeline.bean(Service.SANDBOX, NotificationPusher.class).stats();
        out.printf("  HTTP deliveries     %6d  (%d answered with a fail ack, e.g. by the bulkhead, and pushed again on"
                + " WeChat's schedule)%n", pushes.attempts(), pushes.failedAttempts());
        out.printf("  ledger rows         %6d%n", c.ledgerRows());
        out.printf("  OrderPaid events    %6d  (distinct event ids; %d records)%n", r.orderPaidEventIds(), r.orderPaidRecords());
        out.printf("  shipments           %6d%n", c.shipments());
        out.printf("  points grants       %6d%n", c.pointsGrants());
        out.println(r.complete() ? "  => every order paid once, every effect exactly once"
                : "  => INCOMPLETE after " + plan.timeout() + ": see the services' logs");
        out.println();
    }

    static String outTradeNo(String prefix, int i) {
        return prefix + String.format("%05d", i);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
