package io.paypipe.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.wechatpay.PaymentSpec;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import io.paypipe.sandbox.wechatpay.WechatPayNotifications;
import io.paypipe.sandbox.wechatpay.WechatPaySandboxMerchant;

/**
 * A steady stream of WeChat payments against ingress instances in processes of their own:
 * for each order the merchant's order system publishes the order (the sandbox's), the
 * sandbox signs its payment notification, and the notification goes to every ingress
 * instance in turn (the first gets it, the others its duplicate), each resent every 500
 * ms until acknowledged, as WeChat resends a callback its fail ack refused. A hook runs
 * before each order (the tests' chaos). Eight orders are in flight at most.
 */
final class ClusterLoad {

    /** HTTP/1.1, as the channels call; shared with the scale-out benchmark. */
    static final HttpClient HTTP = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();

    private static final Duration GIVE_UP = Duration.ofMinutes(3);

    private final LocalPipeline sandbox;

    private final String prefix;

    private final List<Integer> ingressPorts;

    private final List<AtomicLong> acked;

    private final AtomicLong failAcks = new AtomicLong();

    /**
     * What a stream delivered: acknowledged deliveries per ingress, and the answers that
     * were not.
     */
    record Delivered(List<Long> ackedPerIngress, long failAcks) {
    }

    ClusterLoad(LocalPipeline sandbox, String prefix, List<Integer> ingressPorts) {
        this.sandbox = sandbox;
        this.prefix = prefix;
        this.ingressPorts = List.copyOf(ingressPorts);
        this.acked = ingressPorts.stream().map(p -> new AtomicLong()).toList();
    }

    /**
     * Streams {@code orders} orders, one every 40 ms at most, and waits until each is
     * acknowledged everywhere.
     */
    Delivered run(int orders, IntConsumer beforeOrder) throws Exception {
        List<WechatPaySandboxMerchant> merchants = sandbox.bean(PipelineService.SANDBOX, SandboxMerchants.class)
            .wechatPay();
        WechatPayNotifications notifications = sandbox.bean(PipelineService.SANDBOX, WechatPayNotifications.class);
        Semaphore inFlight = new Semaphore(8);
        try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> submitted = new ArrayList<>();
            for (int i = 0; i < orders; i++) {
                WechatPaySandboxMerchant merchant = merchants.get(i % merchants.size());
                String outTradeNo = prefix + String.format("%05d", i);
                long fen = 100 + i;
                int first = i % ingressPorts.size();
                inFlight.acquire();
                beforeOrder.accept(i + 1);
                submitted.add(executor.submit(() -> {
                    try {
                        createUntilPublished(sandbox, merchant.merchantId(), outTradeNo, fen);
                        SignedNotification n = notifications
                            .transactionSuccess(PaymentSpec.success(merchant, outTradeNo, fen)
                                .withTransactionId(notifications.newTransactionId()));
                        for (int k = 0; k < ingressPorts.size(); k++) {
                            int which = (first + k) % ingressPorts.size();
                            deliverUntilAcked(ingressPorts.get(which), n);
                            acked.get(which).incrementAndGet();
                        }
                    }
                    finally {
                        inFlight.release();
                    }
                    return null;
                }));
                TimeUnit.MILLISECONDS.sleep(40);
            }
            for (Future<?> order : submitted) {
                order.get();
            }
        }
        return new Delivered(acked.stream().map(AtomicLong::get).toList(), failAcks.get());
    }

    /**
     * The merchant's order system publishes the order again when the broker did not
     * confirm it in time (a broker just killed: its partitions' leaders are elected
     * anew); the order's event id is derived from its key, so a second copy is the same
     * order.
     */
    static void createUntilPublished(LocalPipeline sandbox, String merchantId, String outTradeNo, long fen)
            throws InterruptedException {
        long deadline = System.nanoTime() + GIVE_UP.toNanos();
        while (true) {
            try {
                PipelineFixture.orders(sandbox).create(merchantId, outTradeNo, fen);
                return;
            }
            catch (IllegalStateException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                TimeUnit.MILLISECONDS.sleep(500);
            }
        }
    }

    private void deliverUntilAcked(int port, SignedNotification n) throws Exception {
        deliverUntilAcked(URI.create("http://127.0.0.1:" + port + "/notify/wechatpay"), n, failAcks,
                Duration.ofMillis(500));
    }

    /**
     * Posts {@code n} to {@code endpoint} until it is acknowledged (2xx), as WeChat
     * resends a callback: again after {@code resendAfter} on a fail ack or a refused or
     * reset connection (an instance restarting), each counted in {@code failAcks}; gives
     * up after 3 minutes.
     */
    static void deliverUntilAcked(URI endpoint, SignedNotification n, AtomicLong failAcks, Duration resendAfter)
            throws Exception {
        long deadline = System.nanoTime() + GIVE_UP.toNanos();
        while (true) {
            HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
            n.headers().forEach(request::header);
            try {
                int status = HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status / 100 == 2) {
                    return;
                }
            }
            catch (IOException e) {
                // refused or reset: the channel tries again
            }
            failAcks.incrementAndGet();
            if (System.nanoTime() > deadline) {
                throw new AssertionError(endpoint + " did not acknowledge a notification in " + GIVE_UP);
            }
            Thread.sleep(resendAfter);
        }
    }

    /**
     * {@code settings} with the topics as production makes them: 12 partitions, 3
     * replicas, min.insync.replicas 2, for every service that declares topics.
     */
    static LocalPipeline.Settings productionTopics(LocalPipeline.Settings settings) {
        return productionTopics(settings, 12);
    }

    /** The same with {@code partitions} partitions per topic. */
    static LocalPipeline.Settings productionTopics(LocalPipeline.Settings settings, int partitions) {
        for (PipelineService service : List.of(PipelineService.PROCESSOR, PipelineService.INGRESS,
                PipelineService.REFUND, PipelineService.RECONCILE)) {
            String name = service.name().toLowerCase(java.util.Locale.ROOT);
            settings = PipelineFixture.withExtras(settings, service, List.of(name + ".topic-partitions=" + partitions,
                    name + ".topic-replicas=3", name + ".topic-min-insync-replicas=2"));
        }
        return settings;
    }

}
