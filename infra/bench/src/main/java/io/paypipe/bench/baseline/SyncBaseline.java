package io.paypipe.bench.baseline;

import com.sun.net.httpserver.HttpServer;
import io.paypipe.core.merchant.Merchant;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The synchronous design of the article the product is compared with (seeds/000, sections
 * 4 to 8), for the benchmark only: the HTTP callback itself verifies the WeChat Pay v3
 * notification, reserves its row in {@code bench_sync_callback_log} (one autocommit
 * INSERT), runs the business transaction, calls downstream and only then answers. Nothing
 * is handed off; the ack waits for all of it.
 * <p>
 * It stands in for a typical Spring MVC deployment on Tomcat: the JDK's
 * {@link HttpServer} with a FIXED pool of {@code workerThreads} request threads plays
 * Tomcat's 200 {@code maxThreads}; requests beyond that wait, unrefused, in the pool's
 * queue (the accept backlog is large too), as they wait for a Tomcat worker. The caller's
 * {@link DataSource} (Hikari, 10 connections by default) is the only database pool.
 * TCP_NODELAY is on, as in Tomcat. Downstream is a stub HTTP server in the same JVM that
 * answers after {@code downstreamDelay}. The article's retry job (rows left at status 0)
 * is not run: a benchmark counts them as business failures.
 */
public final class SyncBaseline implements AutoCloseable {

    /** Tomcat's default {@code server.tomcat.threads.max}. */
    public static final int TOMCAT_DEFAULT_MAX_THREADS = 200;
    static final String NOTIFY_PATH = "/notify/wechatpay";

    private static final int ACCEPT_BACKLOG = 4096;

    private static final Logger log = LoggerFactory.getLogger(SyncBaseline.class);

    static {
        // Tomcat sets TCP_NODELAY; the JDK server reads this once, before its first use
        // in the JVM
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    /**
     * @param workerThreads the fixed request pool (Tomcat's max threads)
     * @param downstreamThreads the stub downstream's threads; 0 = one virtual thread per
     * call
     */
    public record Settings(DataSource dataSource, List<Merchant> merchants, Duration downstreamDelay, int workerThreads,
            int downstreamThreads) {

        public Settings {
            Objects.requireNonNull(dataSource, "dataSource");
            merchants = List.copyOf(merchants);
            Objects.requireNonNull(downstreamDelay, "downstreamDelay");
            if (downstreamDelay.isNegative() || workerThreads < 1 || downstreamThreads < 0) {
                throw new IllegalArgumentException("bad baseline settings: delay " + downstreamDelay + ", "
                        + workerThreads + " workers, " + downstreamThreads + " downstream threads");
            }
        }

        /** 200 request workers as Tomcat, a virtual-thread downstream. */
        public static Settings of(DataSource dataSource, List<Merchant> merchants, Duration downstreamDelay) {
            return new Settings(dataSource, merchants, downstreamDelay, TOMCAT_DEFAULT_MAX_THREADS, 0);
        }

        public Settings withWorkerThreads(int threads) {
            return new Settings(dataSource, merchants, downstreamDelay, threads, downstreamThreads);
        }

        public Settings withDownstreamDelay(Duration delay) {
            return new Settings(dataSource, merchants, delay, workerThreads, downstreamThreads);
        }
    }

    /** One PENDING order to create; amount in fen (CNY). */
    public record BaselineOrder(String merchantId, String outTradeNo, long amountFen) {
        public BaselineOrder {
            Objects.requireNonNull(merchantId, "merchantId");
            Objects.requireNonNull(outTradeNo, "outTradeNo");
            if (amountFen < 0) {
                throw new IllegalArgumentException("negative amount for " + outTradeNo);
            }
        }
    }

    /**
     * What happened to the orders of one run (an {@code out_trade_no} prefix).
     * {@code businessFailures} counts callback-log rows left at status 0: stored and
     * acknowledged, but the business step or downstream failed.
     */
    public record Effects(long orders, long paidOrders, long ledgerRows, long ordersWithExtraLedgerRows,
            long downstreamCalls, long ordersWithExtraDownstreamCalls, long businessFailures) {
    }

    private final HttpServer server;

    private final ExecutorService workers;

    private final DownstreamStub downstream;

    private final DeliveryClient delivery;

    private final BaselineTables tables;

    private SyncBaseline(HttpServer server, ExecutorService workers, DownstreamStub downstream, DeliveryClient delivery,
            BaselineTables tables) {
        this.server = server;
        this.workers = workers;
        this.downstream = downstream;
        this.delivery = delivery;
        this.tables = tables;
    }

    /**
     * Creates the {@code bench_sync_*} tables if absent and starts listening on 127.0.0.1
     * (a free port).
     */
    public static SyncBaseline start(Settings settings) {
        JdbcClient jdbc = JdbcClient.create(settings.dataSource());
        BaselineTables tables = new BaselineTables(settings.dataSource(), jdbc);
        tables.create();
        PaidNoticeVerifier verifier = PaidNoticeVerifier.of(settings.merchants());
        DownstreamStub downstream = DownstreamStub.start(settings.downstreamDelay(), settings.downstreamThreads());
        DeliveryClient delivery = new DeliveryClient(downstream.uri());
        ExecutorService workers = Executors.newFixedThreadPool(settings.workerThreads(),
                namedThreads("sync-baseline-worker-"));
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                    ACCEPT_BACKLOG);
            CallbackEndpoint endpoint = new CallbackEndpoint(verifier, new CallbackLog(jdbc),
                    new PaymentTransition(settings.dataSource(), jdbc), delivery);
            server.createContext(NOTIFY_PATH, endpoint);
            server.setExecutor(workers);
            server.start();
            log.info("synchronous baseline listening on {} with {} workers, downstream delay {} ms, {} merchants",
                    server.getAddress(), settings.workerThreads(), settings.downstreamDelay().toMillis(),
                    settings.merchants().size());
            return new SyncBaseline(server, workers, downstream, delivery, tables);
        }
        catch (IOException e) {
            workers.shutdownNow();
            delivery.close();
            downstream.close();
            throw new UncheckedIOException("cannot start the synchronous baseline", e);
        }
    }

    /** The POST target for WeChat Pay notifications. */
    public URI notifyUri() {
        InetSocketAddress address = server.getAddress();
        return URI.create("http://" + address.getHostString() + ":" + address.getPort() + NOTIFY_PATH);
    }

    /** Inserts PENDING orders in JDBC batches (one transaction per 1,000). */
    public void createOrders(List<BaselineOrder> orders) {
        tables.insertOrders(orders);
    }

    /**
     * Counts the effects on the orders whose {@code out_trade_no} starts with
     * {@code outTradeNoPrefix}.
     */
    public Effects effects(String outTradeNoPrefix) {
        return tables.effects(outTradeNoPrefix, downstream.calls(outTradeNoPrefix));
    }

    /**
     * The effects once they stop moving: the same counts twice a second apart with as
     * many ledger rows as paid orders, or the last read after {@code timeout}. Requests
     * the driver gave up on (its timeout) are still worked on by the 200 workers after
     * the phase; counting paid orders and ledger rows while they are (a run read 12,358
     * paid against 12,377 ledger rows, then 12,422 of each a minute later) would judge
     * the check's timing, not the baseline.
     */
    public Effects settledEffects(String outTradeNoPrefix, java.time.Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Effects last = effects(outTradeNoPrefix);
        while (System.nanoTime() < deadline) {
            try {
                Thread.sleep(1000);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return last;
            }
            Effects now = effects(outTradeNoPrefix);
            if (now.equals(last) && now.ledgerRows() == now.paidOrders()) {
                return now;
            }
            last = now;
        }
        return last;
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
        try {
            workers.awaitTermination(5, TimeUnit.SECONDS);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        delivery.close();
        downstream.close();
    }

    static java.util.concurrent.ThreadFactory namedThreads(String prefix) {
        AtomicInteger next = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + next.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

}
