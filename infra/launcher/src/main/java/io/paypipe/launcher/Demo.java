package io.paypipe.launcher;

import io.paypipe.core.topic.Topics;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The demo: creates orders the way the merchant's order system does, has the sandbox pay
 * them as WeChat would (one of them through a storm of duplicate notifications pushed in
 * waves, the others meanwhile, some with a coupon), then waits until every effect is
 * there exactly once and prints a summary, with how many deliveries the first attempt got
 * acknowledged; then pays one order through Alipay and one through Stripe and refunds
 * part of the first and all of the second through refund-service ({@link DemoRefunds});
 * then pays one WeChat order whose callbacks the sandbox drops, which reconcile-service's
 * active query finds ({@link DemoLostCallback}); then reconciles the channels' bills of
 * every day it paid on with the ledger and the refunds ({@link DemoReconciliation}).
 */
public final class Demo {

    /**
     * @param orders orders created and paid: order 0 gets the storm, the others one
     * notification each
     * @param stormCopies how many copies of order 0's notification the storm pushes (at
     * least 1)
     * @param stormWave how many of them are pushed at a time (the next wave once these
     * are answered)
     */
    public record Plan(int orders, int stormCopies, int stormWave, Duration timeout) {
        public Plan {
            if (orders < 1 || stormCopies < 1 || stormWave < 1) {
                throw new IllegalArgumentException("a demo needs at least one order, one storm copy and waves of one");
            }
        }
    }

    /**
     * Deliveries whose first attempt the sandbox saw acknowledged with WeChat's success
     * ack.
     */
    public record FirstTries(int others, int othersAcknowledged, int stormCopies, int stormAcknowledged) {
    }

    /** The WeChat Pay orders: every effect of each payment exactly once. */
    public record Payments(String prefix, DemoCounts counts, long orderPaidRecords, long orderPaidEventIds,
            FirstTries firstTries, Duration took, boolean complete) {
    }

    /**
     * Complete when the payments, the refunds, the lost callback and the reconciliation
     * all are.
     */
    public record Result(Payments payments, DemoRefundsResult refunds, DemoLostCallbackResult lostCallback,
            DemoReconciliationResult reconciliation) {

        public boolean complete() {
            return payments.complete() && refunds.complete() && lostCallback.complete() && reconciliation.complete();
        }

    }

    /**
     * The settings of reconcile-service the demo needs (its lost callback found within
     * seconds, today's bills reconciled), for the launcher to pass when it runs the demo.
     */
    public static Map<String, String> reconcileSettings() {
        Map<String, String> settings = new TreeMap<>(DemoLostCallback.RECONCILE_SETTINGS);
        settings.putAll(DemoReconciliation.RECONCILE_SETTINGS);
        return settings;
    }

    /**
     * The settings of the sandbox the demo needs (today's bills served), for the launcher
     * to pass when it runs the demo.
     */
    public static Map<String, String> sandboxSettings() {
        return DemoReconciliation.SANDBOX_SETTINGS;
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
        var orders = pipeline.bean(PipelineService.SANDBOX, SandboxOrders.class);
        var payments = pipeline.bean(PipelineService.SANDBOX, WechatPayPayments.class);
        List<WechatPaySandboxMerchant> merchants = pipeline.bean(PipelineService.SANDBOX, SandboxMerchants.class)
            .wechatPay()
            .stream()
            .filter(m -> !m.isServiceProvider())
            .toList();
        var jdbc = JdbcClient.create(pipeline.bean(PipelineService.PROCESSOR, DataSource.class));

        try (var counter = new OrderPaidCounter(pipeline.settings().bootstrapServers(), prefix)) {
            out.printf("demo: creating %d orders (%s*) for %d merchants%n", plan.orders(), prefix, merchants.size());
            long[] amounts = new long[plan.orders()];
            for (int i = 0; i < plan.orders(); i++) {
                amounts[i] = 100 + ThreadLocalRandom.current().nextLong(99_900);
                orders.create(merchants.get(i % merchants.size()).merchantId(), outTradeNo(prefix, i), amounts[i]);
            }
            out.printf(
                    "demo: order %s gets a storm of %d identical notifications, %d at a time; the other %d orders"
                            + " are paid meanwhile%n",
                    outTradeNo(prefix, 0), plan.stormCopies(), plan.stormWave(), plan.orders() - 1);
            IntFunction<WechatPayPayments.Payment> pay = i -> payments.pay(
                    merchants.get(i % merchants.size()).merchantId(), outTradeNo(prefix, i), amounts[i],
                    i % 5 == 1 ? amounts[i] - Math.min(50, amounts[i] - 1) : null, 1);
            int waves = Math.ceilDiv(plan.stormCopies(), plan.stormWave());
            int othersPerWave = Math.ceilDiv(plan.orders() - 1, waves);
            WechatPayPayments.Payment storm = null;
            List<WechatPayPayments.Payment> others = new ArrayList<>();
            for (int wave = 0, next = 1; wave < waves; wave++) {
                int copies = Math.min(plan.stormWave(), plan.stormCopies() - wave * plan.stormWave());
                List<CompletableFuture<NotificationPusher.Delivery>> pushed;
                if (storm == null) {
                    storm = payments.pay(merchants.getFirst().merchantId(), outTradeNo(prefix, 0), amounts[0], null,
                            copies);
                    pushed = storm.deliveries();
                }
                else {
                    pushed = payments.pushAgain(storm, copies);
                }
                for (int k = 0; k < othersPerWave && next < plan.orders(); k++, next++) {
                    others.add(pay.apply(next));
                }
                awaitAnswers(pushed);
            }
            Payments result = await(plan, prefix, jdbc, counter, start, firstTries(storm, others));
            printSummary(result, plan);
            DemoRefundsResult refunds = new DemoRefunds(pipeline, out).run(refundPrefix(prefix), plan.timeout());
            out.println();
            refunds.print(out, plan.timeout());
            DemoLostCallbackResult lost = new DemoLostCallback(pipeline, out).run(lostCallbackPrefix(prefix),
                    plan.timeout());
            out.println();
            lost.print(out, plan.timeout());
            DemoReconciliationResult reconciliation = new DemoReconciliation(pipeline, out)
                .run(List.of(prefix, refundPrefix(prefix), lostCallbackPrefix(prefix)), plan.timeout());
            out.println();
            reconciliation.print(out, plan.timeout());
            return new Result(result, refunds, lost, reconciliation);
        }
    }

    /**
     * A wave is answered once each delivery is acknowledged, or after WeChat's timeout
     * and a second at most.
     */
    private static void awaitAnswers(List<CompletableFuture<NotificationPusher.Delivery>> wave) {
        try {
            CompletableFuture.allOf(wave.toArray(CompletableFuture[]::new))
                .get(WechatPayPayments.WECHAT_TIMEOUT.plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (TimeoutException | ExecutionException e) {
            // some were not acknowledged: they are pushed again on WeChat's schedule, the
            // next wave goes on
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** From the sandbox's delivery history: each delivery's first attempt. */
    private Supplier<FirstTries> firstTries(WechatPayPayments.Payment storm, List<WechatPayPayments.Payment> others) {
        NotificationPusher pusher = pipeline.bean(PipelineService.SANDBOX, NotificationPusher.class);
        return () -> {
            List<NotificationPusher.Delivery> otherDeliveries = others.stream()
                .flatMap(p -> pusher.deliveries(p.notification().id()).stream())
                .toList();
            List<NotificationPusher.Delivery> stormDeliveries = pusher.deliveries(storm.notification().id());
            return new FirstTries(otherDeliveries.size(), acknowledgedFirst(otherDeliveries), stormDeliveries.size(),
                    acknowledgedFirst(stormDeliveries));
        };
    }

    private static int acknowledgedFirst(List<NotificationPusher.Delivery> deliveries) {
        return (int) deliveries.stream()
            .filter(d -> !d.attempts().isEmpty() && d.attempts().getFirst().acknowledged())
            .count();
    }

    private Payments await(Plan plan, String prefix, JdbcClient jdbc, OrderPaidCounter counter, Instant start,
            Supplier<FirstTries> firstTries) {
        Instant deadline = start.plus(plan.timeout());
        Instant nextProgress = Instant.now();
        while (true) {
            DemoCounts counts = DemoCounts.read(jdbc, prefix);
            boolean complete = counts.paidOrders() == plan.orders() && counts.shipments() == plan.orders()
                    && counts.pointsGrants() == plan.orders() && counter.distinctEventIds() == plan.orders();
            if (complete || Instant.now().isAfter(deadline)) {
                return new Payments(prefix, counts, counter.records(), counter.distinctEventIds(), firstTries.get(),
                        Duration.between(start, Instant.now()), complete);
            }
            if (!Instant.now().isBefore(nextProgress)) {
                out.printf("demo: %d/%d paid, %d ledger rows, %d %s events, %d shipments, %d points grants%n",
                        counts.paidOrders(), plan.orders(), counts.ledgerRows(), counter.distinctEventIds(),
                        Topics.ORDER_PAID.name(), counts.shipments(), counts.pointsGrants());
                nextProgress = Instant.now().plusSeconds(1);
            }
            sleep(Duration.ofMillis(200));
        }
    }

    private void printSummary(Payments r, Plan plan) {
        DemoCounts c = r.counts();
        out.println();
        out.printf("demo summary (%s*, %d ms)%n", r.prefix(), r.took().toMillis());
        out.printf("  orders created      %6d%n", c.orders());
        out.printf("  orders paid         %6d%n", c.paidOrders());
        out.printf("  notifications sent  %6d  (raw rows stored: %d, one per payment)%n",
                plan.orders() - 1 + plan.stormCopies(), c.rawRows());
        NotificationPusher.Stats pushes = pipeline.bean(PipelineService.SANDBOX, NotificationPusher.class).stats();
        out.printf("  HTTP deliveries     %6d  (%d answered with a fail ack and pushed again on WeChat's schedule)%n",
                pushes.attempts(), pushes.failedAttempts());
        FirstTries first = r.firstTries();
        out.printf(
                "  first tries         %6d  of %d other orders' first deliveries acknowledged on their first attempt%n",
                first.othersAcknowledged(), first.others());
        out.printf("  storm first tries   %6d  of %d copies of %s (%d at a time) acknowledged on their first attempt%n",
                first.stormAcknowledged(), first.stormCopies(), outTradeNo(r.prefix(), 0), plan.stormWave());
        out.printf("  ledger rows         %6d%n", c.ledgerRows());
        out.printf("  OrderPaid events    %6d  (distinct event ids; %d records)%n", r.orderPaidEventIds(),
                r.orderPaidRecords());
        out.printf("  shipments           %6d%n", c.shipments());
        out.printf("  points grants       %6d%n", c.pointsGrants());
        out.println(r.complete() ? "  => every order paid once, every effect exactly once"
                : "  => INCOMPLETE after " + plan.timeout() + ": see the services' logs");
        out.println();
    }

    /**
     * DEMOX-: DEMOXR-, which the payments' {@code LIKE 'DEMOX-%'} counts do not match.
     */
    static String refundPrefix(String prefix) {
        return prefix.substring(0, prefix.length() - 1) + "R-";
    }

    /** DEMOX-: DEMOXL-, which the payments' counts do not match either. */
    static String lostCallbackPrefix(String prefix) {
        return prefix.substring(0, prefix.length() - 1) + "L-";
    }

    static String outTradeNo(String prefix, int i) {
        return prefix + String.format("%05d", i);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
