package io.paypipe.launcher;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.LockSupport;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * One measurement of the scale-out benchmark on the product as it runs at that moment
 * (some processors, some partitions, some brokers up): the processors' drain of a
 * pre-filled {@code payment.notify} backlog, then send to {@code OrderPaid} latency at a
 * fixed arrival rate. Orders are created (and stored by the processors) and their
 * notifications signed before each window; only the window is timed and its product CPU
 * counted. Every order of both windows must end PAID with one ledger row, or the round
 * fails.
 */
final class ScaleOutRound {

    /**
     * The drain: {@code payments} paid in {@code took}, using {@code cpu} of the product.
     */
    record Drain(int payments, Duration took, Duration cpu) {

        double perSecond() {
            return payments * 1e9 / took.toNanos();
        }

        double cpuMsPerPayment() {
            return cpu.toNanos() / 1e6 / payments;
        }

        double coresBusy() {
            return (double) cpu.toNanos() / took.toNanos();
        }

    }

    /**
     * The fixed-rate window: {@code orders} sent at {@code rate}/s; send (its due time)
     * to the first OrderPaid, in ms.
     */
    record Latency(int rate, int orders, double p50Ms, double p99Ms, double maxMs, Duration took, Duration cpu,
            long failAcks) {

        double cpuMsPerPayment() {
            return cpu.toNanos() / 1e6 / orders;
        }

        double coresBusy() {
            return (double) cpu.toNanos() / took.toNanos();
        }

    }

    /**
     * Ingress taking the drain's backlog (processors paused), at concurrency 32:
     * {@code failAcks} answers other than 2xx or refused connections, each sent again 200
     * ms later as the channel would.
     */
    record Intake(int deliveries, Duration took, long failAcks) {

        double perSecond() {
            return deliveries * 1e9 / took.toNanos();
        }

    }

    /**
     * The product doing nothing for {@code took} (no callback in flight, every order of
     * the drain paid): what its processes cost by themselves (consumers polling, the
     * brokers' replication and heartbeats, the JIT still compiling).
     */
    record Idle(Duration took, Duration cpu) {

        double coresBusy() {
            return (double) cpu.toNanos() / took.toNanos();
        }

    }

    /** What the product is while the round runs. */
    record Shape(int partitions, int processors, int brokersUp) {
    }

    record Result(Shape shape, Intake intake, Drain drain, Idle idle, Latency latency) {
    }

    /** How long the product's idle CPU is read before the latency window. */
    static final Duration IDLE = Duration.ofSeconds(5);

    private final LocalPipeline sandbox;

    private final JdbcClient jdbc;

    private final ScaleOutPorts ports;

    private final OrderPaidWatch watch;

    private final ProductCpu cpu;

    ScaleOutRound(LocalPipeline sandbox, JdbcClient jdbc, ScaleOutPorts ports, OrderPaidWatch watch, ProductCpu cpu) {
        this.sandbox = sandbox;
        this.jdbc = jdbc;
        this.ports = ports;
        this.watch = watch;
        this.cpu = cpu;
    }

    Result run(Shape shape, int backlog, int rate, Duration latencyWindow) throws Exception {
        // the drain: every processor paused while ingress stores and publishes the
        // backlog
        List<Order> drainOrders = prepare(backlog);
        ports.pauseProcessors();
        long intakeFailAcks = ports.failAcks();
        long intakeStart = System.nanoTime();
        try {
            deliverAll(drainOrders, 32);
        }
        catch (Exception | Error e) {
            ports.resumeProcessors();
            throw e;
        }
        Intake intake = new Intake(backlog, Duration.ofNanos(System.nanoTime() - intakeStart),
                ports.failAcks() - intakeFailAcks);
        Duration cpuBefore = cpu.used();
        long drainStart = System.nanoTime();
        ports.resumeProcessors();
        long drainEnd = watch.awaitAll(outTradeNos(drainOrders), Duration.ofMinutes(5));
        Drain drain = new Drain(backlog, Duration.ofNanos(drainEnd - drainStart), cpu.used().minus(cpuBefore));
        checkPaidOnce(drainOrders);

        // the latency at a fixed arrival rate: request i is due at start + i / rate
        int count = (int) (rate * latencyWindow.toSeconds());
        List<Order> rated = prepare(count);
        Duration idleBefore = cpu.used();
        long idleStart = System.nanoTime();
        Thread.sleep(IDLE.toMillis());
        Idle idle = new Idle(Duration.ofNanos(System.nanoTime() - idleStart), cpu.used().minus(idleBefore));
        long[] due = new long[count];
        long latencyFailAcks = ports.failAcks();
        Duration before = cpu.used();
        long start = System.nanoTime();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                due[i] = start + (long) (i * 1e9 / rate);
                LockSupport.parkNanos(due[i] - System.nanoTime());
                Order order = rated.get(i);
                executor.submit(() -> ports.deliverUntilAcked(order.notification()));
            }
        }
        long end = watch.awaitAll(outTradeNos(rated), Duration.ofMinutes(5));
        Duration used = cpu.used().minus(before);
        double[] ms = new double[count];
        for (int i = 0; i < count; i++) {
            ms[i] = (watch.firstSeen(rated.get(i).outTradeNo()) - due[i]) / 1e6;
        }
        Arrays.sort(ms);
        Latency latency = new Latency(rate, count, ms[count / 2], ms[(int) Math.ceil(count * 0.99) - 1], ms[count - 1],
                Duration.ofNanos(end - start), used, ports.failAcks() - latencyFailAcks);
        checkPaidOnce(rated);
        return new Result(shape, intake, drain, idle, latency);
    }

    record Order(String outTradeNo, SignedNotification notification) {
    }

    /**
     * {@code count} new orders, stored by the processors (PENDING), each with its signed
     * TRANSACTION.SUCCESS notification.
     */
    private List<Order> prepare(int count) throws Exception {
        String prefix = "SO" + UUID.randomUUID().toString().replace("-", "").substring(0, 10).toUpperCase() + "-";
        List<WechatPaySandboxMerchant> merchants = sandbox.bean(PipelineService.SANDBOX, SandboxMerchants.class)
            .wechatPay();
        WechatPayNotifications notifications = sandbox.bean(PipelineService.SANDBOX, WechatPayNotifications.class);
        Semaphore inFlight = new Semaphore(64);
        List<Future<Order>> made = new ArrayList<>();
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < count; i++) {
                WechatPaySandboxMerchant merchant = merchants.get(i % merchants.size());
                String outTradeNo = prefix + String.format("%06d", i);
                long fen = 100 + i % 1000;
                inFlight.acquire();
                made.add(executor.submit(() -> {
                    try {
                        ports.createUntilPublished(merchant.merchantId(), outTradeNo, fen);
                        return new Order(outTradeNo,
                                notifications.transactionSuccess(PaymentSpec.success(merchant, outTradeNo, fen)
                                    .withTransactionId(notifications.newTransactionId())));
                    }
                    finally {
                        inFlight.release();
                    }
                }));
            }
        }
        List<Order> orders = new ArrayList<>(count);
        for (Future<Order> order : made) {
            orders.add(order.get());
        }
        long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
        while (count(prefix, "PENDING") < count) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the processors stored " + count(prefix, "PENDING") + " of " + count
                        + " orders " + prefix + "* in 5 minutes");
            }
            Thread.sleep(200);
        }
        return orders;
    }

    private void deliverAll(List<Order> orders, int concurrency) throws Exception {
        Semaphore inFlight = new Semaphore(concurrency);
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Order order : orders) {
                inFlight.acquire();
                executor.submit(() -> {
                    try {
                        ports.deliverUntilAcked(order.notification());
                    }
                    finally {
                        inFlight.release();
                    }
                    return null;
                });
            }
        }
    }

    /**
     * Every order PAID, with exactly one ledger row each: a round whose effects are not
     * exact is no figure.
     */
    private void checkPaidOnce(List<Order> orders) {
        String prefix = orders.get(0).outTradeNo().substring(0, orders.get(0).outTradeNo().indexOf('-') + 1);
        long paid = count(prefix, "PAID");
        long ledger = jdbc.sql("""
                SELECT COUNT(*) FROM payment_ledger l JOIN orders o ON o.id = l.order_id
                 WHERE o.out_trade_no LIKE :p""").param("p", prefix + "%").query(Long.class).single();
        if (paid != orders.size() || ledger != orders.size()) {
            throw new IllegalStateException(
                    prefix + "*: " + paid + " PAID and " + ledger + " ledger rows for " + orders.size() + " orders");
        }
    }

    private long count(String prefix, String status) {
        return jdbc.sql("SELECT COUNT(*) FROM orders WHERE status = :s AND out_trade_no LIKE :p")
            .param("s", status)
            .param("p", prefix + "%")
            .query(Long.class)
            .single();
    }

    private static List<String> outTradeNos(List<Order> orders) {
        return orders.stream().map(Order::outTradeNo).toList();
    }

}
