package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.ingress.callback.CallbackBulkhead;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A storm of identical notifications must not push other orders' first deliveries out.
 */
class CallbackStormIntegrationTest extends CallbackIntegrationSupport {

    private static final int STORM_COPIES = 1000;

    private static final int STORM_SENDERS = 200;

    private static final int OTHER_ORDERS = 100;

    private static final int OTHER_SENDERS = 20;

    @Autowired
    CallbackBulkhead bulkhead;

    @Test
    void aThousandCopiesOfOneNotificationLeaveOtherOrdersFirstDeliveriesAcknowledged() throws Exception {
        // Given one payment WeChat pushes 1000 times, 200 copies at a time, and 100 other
        // orders paid meanwhile
        assertThat(STORM_SENDERS).isGreaterThan(bulkhead.limit());
        String stormOrder = newOutTradeNo();
        SignedNotification storm = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", stormOrder, newTransactionId(), 9900, 9900).json(), Instant.now());
        List<String> others = new ArrayList<>();
        List<SignedNotification> firstDeliveries = new ArrayList<>();
        for (int i = 0; i < OTHER_ORDERS; i++) {
            String out = newOutTradeNo();
            others.add(out);
            TestMerchant shop = i % 2 == 0 ? SHOP_A : SHOP_B;
            firstDeliveries.add(SignedNotification.of(shop,
                    PaymentJson.success(shop.mchid(), out, newTransactionId(), 100 + i, 100 + i).json(),
                    Instant.now()));
        }
        AtomicInteger stormAnswered = new AtomicInteger();
        Map<Integer, AtomicInteger> stormStatuses = new ConcurrentHashMap<>();
        Map<String, Integer> otherStatuses = new ConcurrentHashMap<>();

        try (HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build(); ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor()) {
            // When the storm runs
            List<Future<?>> running = new ArrayList<>();
            for (int s = 0; s < STORM_SENDERS; s++) {
                running.add(senders.submit(() -> {
                    for (int copy = 0; copy < STORM_COPIES / STORM_SENDERS; copy++) {
                        int status = send(http, storm);
                        stormStatuses.computeIfAbsent(status, k -> new AtomicInteger()).incrementAndGet();
                        stormAnswered.incrementAndGet();
                    }
                    return null;
                }));
            }
            // and, once it is under way, the other orders' first deliveries arrive, 20 at
            // a time
            await().atMost(Duration.ofSeconds(30)).until(() -> stormAnswered.get() >= STORM_SENDERS / 2);
            for (int s = 0; s < OTHER_SENDERS; s++) {
                int first = s;
                running.add(senders.submit(() -> {
                    for (int i = first; i < OTHER_ORDERS; i += OTHER_SENDERS) {
                        otherStatuses.put(others.get(i), send(http, firstDeliveries.get(i)));
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
        }

        // Then at least 99 of the 100 other orders were acknowledged (204) on their first
        // and only try, each stored once
        long acknowledged = otherStatuses.values().stream().filter(status -> status == 204).count();
        System.out.println("storm: " + stormStatuses + "; other orders' first deliveries acknowledged: " + acknowledged
                + "/" + OTHER_ORDERS);
        assertThat(otherStatuses).hasSize(OTHER_ORDERS);
        assertThat(acknowledged).isGreaterThanOrEqualTo(99);
        assertThat(others).allSatisfy(out -> assertThat(rawRows(out)).hasSize(otherStatuses.get(out) == 204 ? 1 : 0));
        // and the storm was answered copy by copy, stored once, and published once per
        // batch of copies in flight
        // together, not once per copy (its row stays unsettled: no processor here, so
        // every store publishes)
        assertThat(stormStatuses.values().stream().mapToInt(AtomicInteger::get).sum()).isEqualTo(STORM_COPIES);
        assertThat(rawRows(stormOrder)).hasSize(1);
        int stormRecords = payments.recordsFor("shop-a|1900000100|" + stormOrder).size();
        System.out.println("storm: " + stormRecords + " payment.notify records for " + STORM_COPIES + " copies");
        assertThat(stormRecords).isBetween(1, STORM_COPIES / 10);
    }

    private int send(HttpClient http, SignedNotification n) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/notify/wechatpay"))
            .timeout(Duration.ofSeconds(10))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
        n.headers().forEach((name, values) -> values.forEach(v -> request.header(name, v)));
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

}
