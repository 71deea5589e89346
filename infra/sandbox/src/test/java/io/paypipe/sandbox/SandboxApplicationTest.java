package io.paypipe.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.topic.Topics;
import io.paypipe.sandbox.alipay.AlipayCrypto;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.stripe.StripeMerchants;
import io.paypipe.sandbox.wechatpay.WechatPayCrypto;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.MockProducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.convention.TestBean;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SandboxApplicationTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static final Path MERCHANTS_FILE = tempDir().resolve("merchants.yaml");

    private static final AtomicInteger RECEIVED = new AtomicInteger();

    private static final AtomicInteger ALIPAY_RECEIVED = new AtomicInteger();

    private static final AtomicInteger STRIPE_RECEIVED = new AtomicInteger();

    private static final HttpServer RECEIVER = receiverAnswering204();

    private static final MockProducer<String, OrderCreated> PRODUCER = new MockProducer<>(true, null,
            Topics.ORDER_CREATED.keySerializer(), Topics.ORDER_CREATED.valueSerializer()) {
        @Override
        public void close(Duration timeout) {
            // KafkaTemplate closes a plain factory's producer after every send; keep this
            // one for the next
        }
    };

    @DynamicPropertySource
    static void sandboxProperties(DynamicPropertyRegistry registry) {
        registry.add("sandbox.merchants-file", MERCHANTS_FILE::toString);
        registry.add("sandbox.notify-base-url", () -> "http://127.0.0.1:" + RECEIVER.getAddress().getPort());
        registry.add("sandbox.time-compression", () -> "1000");
        registry.add("sandbox.tenant", () -> "app-test-shop");
    }

    /** No broker in this test: orders go to a mock producer. */
    @TestBean
    ProducerFactory<String, OrderCreated> sandboxOrderProducerFactory;

    static ProducerFactory<String, OrderCreated> sandboxOrderProducerFactory() {
        return () -> PRODUCER;
    }

    @LocalServerPort
    int port;

    @Autowired
    SandboxMerchants sandboxMerchants;

    @Autowired
    StripeMerchants stripeMerchants;

    private final HttpClient http = HttpClient.newHttpClient();

    @AfterAll
    static void stopReceiverAndRemoveTheFile() throws IOException {
        RECEIVER.stop(0);
        Files.deleteIfExists(MERCHANTS_FILE);
        Files.deleteIfExists(MERCHANTS_FILE.getParent());
    }

    @Test
    void merchantsFileIsWrittenAtStartWithTheSigningKeys() {
        // Given the started sandbox, When a service reads the merchants file
        MerchantsFile file = MerchantsFile.read(MERCHANTS_FILE);

        // Then it lists the two default WeChat merchants, the two default Alipay apps and
        // the two Stripe accounts of
        // the configured tenant, with their signing keys
        assertThat(file.merchants()).extracting(Merchant::merchantId)
            .containsExactly("1900000100", "1900000101", "2021000100000000", "2021000100000001", "acct_1PaypipeSbx0000",
                    "acct_1PaypipeSbx0001");
        assertThat(file.merchants()).allSatisfy(m -> assertThat(m.tenant()).isEqualTo("app-test-shop"));
        assertThat(file.merchants().subList(4, 6)).allSatisfy(m -> {
            assertThat(m.channel()).isEqualTo(Channel.STRIPE);
            assertThat(m.stripe().account()).isEqualTo(m.merchantId());
            assertThat(m.stripe().endpointSecret()).isEqualTo(stripeMerchants.get(m.merchantId()).endpointSecret())
                .startsWith("whsec_");
        });
        Merchant.PlatformKey key = file.merchants().getFirst().wechatpay().platformKeys().getFirst();
        assertThat(WechatPayCrypto.parsePublicKeyPem(key.publicKeyPem()))
            .isEqualTo(sandboxMerchants.wechatPay("1900000100").wechatPayKeys().publicKey());
        Merchant alipay = file.merchants().get(2);
        assertThat(alipay.channel()).isEqualTo(Channel.ALIPAY);
        assertThat(alipay.alipay().appId()).isEqualTo("2021000100000000");
        assertThat(AlipayCrypto.parsePublicKey(alipay.alipay().alipayPublicKey()))
            .isEqualTo(sandboxMerchants.alipay("2021000100000000").publicKey());
    }

    @Test
    void alipayPaymentIsPushedToTheAlipayEndpointAndItsHistoryIsQueryable() {
        // Given
        int before = ALIPAY_RECEIVED.get();

        // When
        JsonNode payment = post("/sandbox/alipay/payments",
                "{\"appId\":\"2021000100000001\",\"outTradeNo\":\"ORDER-5101\",\"totalFen\":2500,\"copies\":2}", 202);

        // Then both copies were acknowledged by the receiver's "success"
        String notifyId = payment.get("notifyId").asString();
        assertThat(payment.get("tradeNo").asString()).matches("\\d{28}");
        assertThat(payment.get("tradeStatus").asString()).isEqualTo("TRADE_SUCCESS");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            JsonNode history = get("/sandbox/alipay/notifications/" + notifyId, 200);
            assertThat(history.get("deliveries")).hasSize(2)
                .allSatisfy(d -> assertThat(d.get("status").asString())
                    .isEqualTo(NotificationPusher.Status.DELIVERED.name()));
        });
        assertThat(ALIPAY_RECEIVED.get() - before).isEqualTo(2);
        get("/sandbox/alipay/notifications/unknown-id", 404);
        post("/sandbox/alipay/payments", "{\"appId\":\"42\",\"outTradeNo\":\"X\",\"totalFen\":1}", 404);
        assertThat(get("/sandbox/alipay/merchants", 200)).hasSize(2);
    }

    @Test
    void paymentIsPushedAsManyTimesAsAskedAndItsHistoryIsQueryable() {
        // Given
        int before = RECEIVED.get();

        // When
        JsonNode payment = post("/sandbox/wechatpay/payments",
                "{\"merchantId\":\"1900000101\",\"outTradeNo\":\"ORDER-5001\",\"totalFen\":2500,\"copies\":2}", 202);

        // Then
        String id = payment.get("notificationId").asString();
        assertThat(payment.get("transactionId").asString()).matches("\\d{28}");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            JsonNode history = get("/sandbox/notifications/" + id, 200);
            assertThat(history.get("deliveries")).hasSize(2)
                .allSatisfy(d -> assertThat(d.get("status").asString())
                    .isEqualTo(NotificationPusher.Status.DELIVERED.name()));
        });
        assertThat(RECEIVED.get() - before).isEqualTo(2);
        get("/sandbox/notifications/unknown-id", 404);
    }

    @Test
    void refundIsPushedToTheSameNotifyUrlAndItsHistoryIsQueryable() {
        // Given
        int before = RECEIVED.get();

        // When
        JsonNode refund = post("/sandbox/wechatpay/refunds",
                "{\"merchantId\":\"1900000100\",\"outTradeNo\":\"ORDER-5003\","
                        + "\"transactionId\":\"4200000000202506080000000003\",\"outRefundNo\":\"RF-5003\",\"totalFen\":2500,"
                        + "\"refundFen\":500,\"status\":\"CLOSED\"}",
                202);

        // Then
        assertThat(refund.get("refundId").asString()).matches("\\d{29}");
        assertThat(refund.get("status").asString()).isEqualTo("CLOSED");
        String id = refund.get("notificationId").asString();
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(get("/sandbox/notifications/" + id, 200).get("deliveries")).singleElement()
                .satisfies(d -> assertThat(d.get("status").asString()).isEqualTo("DELIVERED")));
        assertThat(RECEIVED.get() - before).isEqualTo(1);
    }

    @Test
    void signsNotificationsForALoadDriverWithoutPushingThem() {
        // Given
        int before = RECEIVED.get();

        // When the benchmark driver asks for two signed notifications
        JsonNode signed = post("/sandbox/wechatpay/notifications",
                "{\"merchantId\":\"1900000100\",\"payments\":["
                        + "{\"outTradeNo\":\"LOAD-1\",\"totalFen\":100},{\"outTradeNo\":\"LOAD-2\",\"totalFen\":200}]}",
                200);

        // Then each comes back with WeChat's headers and a body whose signature the
        // merchant's platform key verifies,
        // and nothing was pushed
        assertThat(signed).hasSize(2);
        assertThat(signed.get(0).get("outTradeNo").asString()).isEqualTo("LOAD-1");
        for (JsonNode n : signed) {
            JsonNode headers = n.get("headers");
            byte[] body = n.get("body").asString().getBytes(StandardCharsets.UTF_8);
            byte[] message = WechatPayCrypto.signedMessage(headers.get("Wechatpay-Timestamp").asString(),
                    headers.get("Wechatpay-Nonce").asString(), body);
            assertThat(WechatPayCrypto.verify(sandboxMerchants.wechatPay("1900000100").wechatPayKeys().publicKey(),
                    message, headers.get("Wechatpay-Signature").asString()))
                .isTrue();
        }
        assertThat(RECEIVED.get()).isEqualTo(before);
        post("/sandbox/wechatpay/notifications", "{\"merchantId\":\"1900000100\",\"payments\":[]}", 400);
    }

    @Test
    void aRefundWithoutItsRefundNumberIsABadRequest() {
        post("/sandbox/wechatpay/refunds",
                "{\"merchantId\":\"1900000100\",\"outTradeNo\":\"X\",\"transactionId\":\"4200\"," + "\"totalFen\":1}",
                400);
    }

    @Test
    void orderIsPublishedAndReturned() {
        JsonNode order = post("/sandbox/orders",
                "{\"merchantId\":\"1900000100\",\"outTradeNo\":\"ORDER-5002\",\"amountFen\":990}", 201);

        assertThat(order.at("/amount/minor").asLong()).isEqualTo(990);
        assertThat(PRODUCER.history()).filteredOn(r -> r.key().endsWith("|ORDER-5002"))
            .singleElement()
            .satisfies(r -> assertThat(r.key()).isEqualTo("app-test-shop|1900000100|ORDER-5002"));
    }

    @Test
    void stripePaymentIsPushedToTheStripeEndpointAndItsHistoryIsQueryable() {
        // Given
        int before = STRIPE_RECEIVED.get();

        // When
        JsonNode payment = post("/sandbox/stripe/payments",
                "{\"account\":\"acct_1PaypipeSbx0001\",\"outTradeNo\":\"ORDER-5003\","
                        + "\"amount\":1500,\"currency\":\"jpy\",\"copies\":2}",
                202);

        // Then
        String id = payment.get("eventId").asString();
        assertThat(id).startsWith("evt_");
        assertThat(payment.get("paymentIntentId").asString()).startsWith("pi_");
        assertThat(payment.get("type").asString()).isEqualTo("payment_intent.succeeded");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            JsonNode history = get("/sandbox/stripe/events/" + id, 200);
            assertThat(history.get("deliveries")).hasSize(2)
                .allSatisfy(d -> assertThat(d.get("status").asString())
                    .isEqualTo(NotificationPusher.Status.DELIVERED.name()));
        });
        assertThat(STRIPE_RECEIVED.get() - before).isEqualTo(2);
        assertThat(get("/sandbox/stripe/merchants", 200)).hasSize(2);
        get("/sandbox/stripe/events/evt_unknown", 404);
        post("/sandbox/stripe/payments",
                "{\"account\":\"acct_nobody\",\"outTradeNo\":\"X\",\"amount\":1,\"currency\":\"usd\"}", 404);
    }

    @Test
    void stripeOrderIsPublishedWithChannelStripe() {
        JsonNode order = post("/sandbox/stripe/orders",
                "{\"account\":\"acct_1PaypipeSbx0000\",\"outTradeNo\":\"ORDER-5004\",\"amount\":1050,\"currency\":\"usd\"}",
                201);

        assertThat(order.get("channel").asString()).isEqualTo("STRIPE");
        assertThat(order.at("/amount/currency").asString()).isEqualTo("USD");
        assertThat(order.at("/amount/minor").asLong()).isEqualTo(1050);
    }

    @Test
    void unknownMerchantIsNotFound() {
        post("/sandbox/wechatpay/payments", "{\"merchantId\":\"42\",\"outTradeNo\":\"X\",\"totalFen\":1}", 404);
    }

    private JsonNode post(String path, String json, int expectedStatus) {
        return send(HttpRequest.newBuilder(uri(path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(), expectedStatus);
    }

    private JsonNode get(String path, int expectedStatus) {
        return send(HttpRequest.newBuilder(uri(path)).GET().build(), expectedStatus);
    }

    private JsonNode send(HttpRequest request, int expectedStatus) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(expectedStatus);
            return JSON.readTree(response.body());
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private static Path tempDir() {
        try {
            return Files.createTempDirectory("sandbox-test");
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static HttpServer receiverAnswering204() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/notify/wechatpay", exchange -> {
                exchange.getRequestBody().readAllBytes();
                RECEIVED.incrementAndGet();
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
            server.createContext("/notify/alipay", exchange -> {
                exchange.getRequestBody().readAllBytes();
                ALIPAY_RECEIVED.incrementAndGet();
                byte[] success = "success".getBytes(StandardCharsets.US_ASCII);
                exchange.sendResponseHeaders(200, success.length);
                exchange.getResponseBody().write(success);
                exchange.close();
            });
            server.createContext("/notify/stripe", exchange -> {
                exchange.getRequestBody().readAllBytes();
                STRIPE_RECEIVED.incrementAndGet();
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            server.start();
            return server;
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

}
