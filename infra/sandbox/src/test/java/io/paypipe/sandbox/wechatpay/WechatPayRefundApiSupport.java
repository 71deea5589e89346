package io.paypipe.sandbox.wechatpay;

import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.topic.Topics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.MockProducer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.convention.TestBean;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * What the WeChat Pay refund API tests share: one sandbox context (its merchants file in
 * a temporary directory, its notices to a {@link RefundNoticeReceiver}, refunds moving on
 * every 300 ms, a lost answer and a query timeout held 1.5 s, bill download URLs valid 3
 * s, one service provider with two sub-merchants), the official SDK configured from that
 * file, and the sandbox's hooks.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class WechatPayRefundApiSupport {

    static final Path MERCHANTS_FILE = tempFile();

    static final RefundNoticeReceiver RECEIVER = new RefundNoticeReceiver();

    static final String DIRECT = "1900000100";

    static final String OTHER_DIRECT = "1900000101";

    static final String PROVIDER = "1230000109";

    static final String SUB_MERCHANT = "1900009100";

    static final String OTHER_SUB_MERCHANT = "1900009101";

    /** How long a trade bill's download URL is valid. */
    static final Duration BILL_TOKEN_TTL = Duration.ofSeconds(3);

    @DynamicPropertySource
    static void sandboxProperties(DynamicPropertyRegistry registry) {
        registry.add("sandbox.merchants-file", MERCHANTS_FILE::toString);
        registry.add("sandbox.notify-base-url", RECEIVER::baseUrl);
        registry.add("sandbox.time-compression", () -> "1000");
        registry.add("sandbox.sub-merchant-count", () -> "2");
        registry.add("sandbox.order-queries.timeout-hold", () -> "1500ms");
        registry.add("sandbox.wechatpay-refunds.settle-after", () -> "300ms");
        registry.add("sandbox.wechatpay-refunds.lost-answer-hold", () -> "1500ms");
        registry.add("sandbox.wechatpay-bills.token-ttl", () -> BILL_TOKEN_TTL.toMillis() + "ms");
    }

    /** No broker here: orders are not made in these tests. */
    @TestBean
    ProducerFactory<String, OrderCreated> sandboxOrderProducerFactory;

    static ProducerFactory<String, OrderCreated> sandboxOrderProducerFactory() {
        return () -> new MockProducer<>(true, null, Topics.ORDER_CREATED.keySerializer(),
                Topics.ORDER_CREATED.valueSerializer());
    }

    @LocalServerPort
    int port;

    @Autowired
    WechatPayPayments payments;

    PaymentSpec pay(String merchantId, long totalFen) {
        return payments.pay(merchantId, "ORDER-" + unique(), totalFen, null, 1).spec();
    }

    static CreateRequest refund(PaymentSpec trade, String outRefundNo, long refundFen) {
        CreateRequest request = new CreateRequest();
        request.setTransactionId(trade.transactionId());
        request.setOutRefundNo(outRefundNo);
        request.setReason("test refund");
        AmountReq amount = new AmountReq();
        amount.setRefund(refundFen);
        amount.setTotal(trade.totalFen());
        amount.setCurrency("CNY");
        request.setAmount(amount);
        return request;
    }

    Refund query(String merchantId, String outRefundNo) {
        QueryByOutRefundNoRequest request = new QueryByOutRefundNoRequest();
        request.setOutRefundNo(outRefundNo);
        return sdk(merchantId).queryByOutRefundNo(request);
    }

    RefundService sdk(String merchantId) {
        return OfficialRefundClient.forMerchant(merchant(merchantId), port, Duration.ofSeconds(5));
    }

    /** The merchant's entry in the merchants file the sandbox wrote. */
    static Merchant merchant(String merchantId) {
        return MerchantsFile.read(MERCHANTS_FILE)
            .merchants()
            .stream()
            .filter(m -> m.merchantId().equals(merchantId))
            .findFirst()
            .orElseThrow();
    }

    @Autowired
    io.paypipe.sandbox.merchant.SandboxMerchants sandboxMerchants;

    WechatPaySandboxMerchant merchantOf(String merchantId) {
        return sandboxMerchants.wechatPay(merchantId);
    }

    void choose(String merchantId, String outRefundNo, RefundScenario scenario) {
        RestClient.create("http://127.0.0.1:" + port)
            .post()
            .uri("/sandbox/wechatpay/refund-scenarios")
            .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
            .body("{\"merchantId\":\"" + merchantId + "\",\"outRefundNo\":\"" + outRefundNo + "\",\"scenario\":\""
                    + scenario + "\"}")
            .retrieve()
            .toBodilessEntity();
    }

    List<JsonNode> sandboxRefunds(PaymentSpec trade) {
        JsonNode list = RestClient.create("http://127.0.0.1:" + port)
            .get()
            .uri("/sandbox/wechatpay/trades/{id}/refunds", trade.transactionId())
            .retrieve()
            .body(JsonNode.class);
        return list.valueStream().toList();
    }

    static String unique() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    static Path tempFile() {
        try {
            Path file = Files.createTempDirectory("wechatpay-refund-api").resolve("merchants.yaml");
            file.toFile().deleteOnExit();
            file.getParent().toFile().deleteOnExit();
            return file;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
