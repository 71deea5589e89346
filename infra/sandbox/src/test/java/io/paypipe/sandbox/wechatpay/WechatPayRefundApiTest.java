package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.AmountReq;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import com.wechat.pay.java.service.refund.model.Status;
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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
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
 * The sandbox playing WeChat Pay's refund API, called by the official SDK's
 * {@code RefundService} on its stock HTTP stack with the credentials of the merchants
 * file the sandbox wrote: the SDK's signatures are accepted, the sandbox's answers
 * verified by the SDK, each out_refund_no refunds once, and the scenarios play out with
 * their REFUND.* notices read back by the SDK's notification parser.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WechatPayRefundApiTest {

    private static final Path MERCHANTS_FILE = tempFile();

    private static final RefundNoticeReceiver RECEIVER = new RefundNoticeReceiver();

    private static final String DIRECT = "1900000100";

    private static final String OTHER_DIRECT = "1900000101";

    private static final String PROVIDER = "1230000109";

    private static final String SUB_MERCHANT = "1900009100";

    @DynamicPropertySource
    static void sandboxProperties(DynamicPropertyRegistry registry) {
        registry.add("sandbox.merchants-file", MERCHANTS_FILE::toString);
        registry.add("sandbox.notify-base-url", RECEIVER::baseUrl);
        registry.add("sandbox.time-compression", () -> "1000");
        registry.add("sandbox.sub-merchant-count", () -> "1");
        registry.add("sandbox.wechatpay-refunds.settle-after", () -> "300ms");
        registry.add("sandbox.wechatpay-refunds.lost-answer-hold", () -> "1500ms");
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

    @AfterAll
    static void stop() throws IOException {
        RECEIVER.close();
        Files.deleteIfExists(MERCHANTS_FILE);
    }

    @Test
    void aRefundIsAnsweredProcessingThenSucceedsAndIsNotifiedAsTheSdkVerifies() {
        // Given a paid trade of 100.00
        PaymentSpec trade = pay(DIRECT, 10_000);

        // When the merchant refunds 30.00 of it through the SDK
        Refund created = sdk(DIRECT).create(refund(trade, "RF-OK-" + unique(), 3_000));

        // Then the SDK verified the answer: PROCESSING, with WeChat's refund id
        assertThat(created.getStatus()).isEqualTo(Status.PROCESSING);
        assertThat(created.getRefundId()).matches("503\\d{26}");
        assertThat(created.getTransactionId()).isEqualTo(trade.transactionId());
        assertThat(created.getAmount().getRefund()).isEqualTo(3_000L);
        assertThat(created.getAmount().getTotal()).isEqualTo(10_000L);
        assertThat(created.getSuccessTime()).isNull();
        // and later the query says SUCCESS and one REFUND.SUCCESS notice says the same
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(
                    () -> assertThat(query(DIRECT, created.getOutRefundNo()).getStatus()).isEqualTo(Status.SUCCESS));
        assertThat(query(DIRECT, created.getOutRefundNo()).getSuccessTime()).isNotBlank();
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(RECEIVER.refundNotices(merchant(DIRECT), created.getOutRefundNo()))
                .extracting(RefundNotification::getRefundStatus, RefundNotification::getRefundId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Status.SUCCESS, created.getRefundId())));
    }

    @Test
    void theSameOutRefundNoSentTenTimesAtOnceRefundsOnceAndAnswersTheSameRefund() {
        // Given a paid trade and a refund number
        PaymentSpec trade = pay(DIRECT, 10_000);
        CreateRequest request = refund(trade, "RF-TWICE-" + unique(), 6_000);

        // When the same request is sent ten times at once
        List<String> refundIds = java.util.stream.IntStream.range(0, 10)
            .parallel()
            .mapToObj(i -> sdk(DIRECT).create(request).getRefundId())
            .toList();

        // Then every answer names one refund, and WeChat's books hold one refund of 60.00
        assertThat(refundIds).hasSize(10).containsOnly(refundIds.getFirst());
        assertThat(sandboxRefunds(trade)).hasSize(1);
        assertThat(sandboxRefunds(trade).getFirst().get("refundFen").asLong()).isEqualTo(6_000);
        // and the other 40.00 is still refundable once
        assertThat(sdk(DIRECT).create(refund(trade, "RF-REST-" + unique(), 4_000)).getStatus())
            .isEqualTo(Status.PROCESSING);
    }

    @Test
    void aRefundOverWhatRemainsIsRefusedWithInvalidRequestAndMakesNothing() {
        // Given a paid trade of 100.00 of which 60.00 is refunded
        PaymentSpec trade = pay(DIRECT, 10_000);
        sdk(DIRECT).create(refund(trade, "RF-60-" + unique(), 6_000));

        // When 50.00 more is asked for
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> sdk(DIRECT).create(refund(trade, "RF-50-" + unique(), 5_000)));

        // Then WeChat's error answers it, and nothing was made
        assertThat(refused.getHttpStatusCode()).isEqualTo(400);
        assertThat(refused.getErrorCode()).isEqualTo("INVALID_REQUEST");
        assertThat(refused.getErrorMessage()).isNotBlank();
        assertThat(sandboxRefunds(trade)).hasSize(1);
    }

    @Test
    void anUnknownTradeAndAnUnknownRefundNumberAreResourceNotExists() {
        // Given a trade WeChat never made, and a refund number never used
        PaymentSpec stranger = PaymentSpec.success(merchantOf(DIRECT), "ORDER-NONE-" + unique(), 1_000);

        // When
        ServiceException onCreate = catchThrowableOfType(ServiceException.class,
                () -> sdk(DIRECT).create(refund(stranger, "RF-NONE-" + unique(), 1_000)));
        ServiceException onQuery = catchThrowableOfType(ServiceException.class,
                () -> query(DIRECT, "RF-NEVER-" + unique()));

        // Then
        assertThat(onCreate.getHttpStatusCode()).isEqualTo(404);
        assertThat(onCreate.getErrorCode()).isEqualTo("RESOURCE_NOT_EXISTS");
        assertThat(onQuery.getHttpStatusCode()).isEqualTo(404);
        assertThat(onQuery.getErrorCode()).isEqualTo("RESOURCE_NOT_EXISTS");
    }

    @Test
    void aCallSignedWithAnotherMerchantsKeyIsSignErrorAndMakesNothing() {
        // Given merchant 1900000100's number and serial with merchant 1900000101's
        // private key
        PaymentSpec trade = pay(DIRECT, 10_000);
        Merchant.WechatPayCredentials own = merchant(DIRECT).wechatpay();
        Merchant forged = new Merchant(merchant(DIRECT).tenant(), merchant(DIRECT).channel(), DIRECT, List.of(),
                new Merchant.WechatPayCredentials(own.apiV3Key(), own.appIds(), own.subAppIds(), own.platformKeys(),
                        own.merchantSerialNo(), merchant(OTHER_DIRECT).wechatpay().merchantPrivateKeyPem()),
                null, null);

        // When
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> OfficialRefundClient.forMerchant(forged, port, Duration.ofSeconds(5))
                    .create(refund(trade, "RF-FORGED-" + unique(), 1_000)));

        // Then
        assertThat(refused.getHttpStatusCode()).isEqualTo(401);
        assertThat(refused.getErrorCode()).isEqualTo("SIGN_ERROR");
        assertThat(sandboxRefunds(trade)).isEmpty();
    }

    @Test
    void anAnswerTheSdkChecksWithAnotherPlatformKeyDoesNotVerify() {
        // Given a client that trusts another merchant's platform key under this one's id
        PaymentSpec trade = pay(DIRECT, 10_000);
        Merchant.PlatformKey own = merchant(DIRECT).wechatpay().platformKeys().getFirst();
        Merchant.PlatformKey wrong = new Merchant.PlatformKey(own.id(),
                merchant(OTHER_DIRECT).wechatpay().platformKeys().getFirst().publicKeyPem());

        // When it refunds, Then the SDK rejects the sandbox's answer: it is really signed
        RefundService suspicious = OfficialRefundClient.forMerchant(merchant(DIRECT), wrong, port,
                Duration.ofSeconds(5));
        assertThatThrownBy(() -> suspicious.create(refund(trade, "RF-WRONGKEY-" + unique(), 1_000)))
            .isInstanceOf(ValidationException.class);
        assertThat(sandboxRefunds(trade)).hasSize(1);
    }

    @Test
    void notEnoughBalanceIsRefusedOnCreateAndMakesNoRefund() {
        // Given a trade whose next refund meets an empty balance
        PaymentSpec trade = pay(DIRECT, 10_000);
        String refundNo = "RF-POOR-" + unique();
        choose(DIRECT, refundNo, RefundScenario.NOT_ENOUGH);

        // When
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> sdk(DIRECT).create(refund(trade, refundNo, 10_000)));

        // Then
        assertThat(refused.getHttpStatusCode()).isEqualTo(403);
        assertThat(refused.getErrorCode()).isEqualTo("NOT_ENOUGH");
        assertThat(sandboxRefunds(trade)).isEmpty();
    }

    @Test
    void aSystemErrorMakesNoRefundAndTheSameNumberSentAgainIsMade() {
        // Given a refund whose first call meets a WeChat failure
        PaymentSpec trade = pay(DIRECT, 10_000);
        String refundNo = "RF-5XX-" + unique();
        choose(DIRECT, refundNo, RefundScenario.SYSTEM_ERROR);

        // When it is sent, then queried, then sent again with the same number
        ServiceException failed = catchThrowableOfType(ServiceException.class,
                () -> sdk(DIRECT).create(refund(trade, refundNo, 2_000)));
        ServiceException notThere = catchThrowableOfType(ServiceException.class, () -> query(DIRECT, refundNo));
        Refund again = sdk(DIRECT).create(refund(trade, refundNo, 2_000));

        // Then
        assertThat(failed.getHttpStatusCode()).isEqualTo(500);
        assertThat(failed.getErrorCode()).isEqualTo("SYSTEM_ERROR");
        assertThat(notThere.getErrorCode()).isEqualTo("RESOURCE_NOT_EXISTS");
        assertThat(again.getStatus()).isEqualTo(Status.PROCESSING);
        assertThat(sandboxRefunds(trade)).hasSize(1);
    }

    @Test
    void aRefundClosedAfterItWasAcceptedIsNotifiedAndItsAmountIsRefundableAgain() {
        // Given a full refund that WeChat accepts and then closes
        PaymentSpec trade = pay(DIRECT, 10_000);
        String refundNo = "RF-CLOSED-" + unique();
        choose(DIRECT, refundNo, RefundScenario.CLOSED_LATER);

        // When
        Refund created = sdk(DIRECT).create(refund(trade, refundNo, 10_000));

        // Then it is CLOSED later, notified so, and the whole amount can be refunded
        // again
        assertThat(created.getStatus()).isEqualTo(Status.PROCESSING);
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(RECEIVER.refundNotices(merchant(DIRECT), refundNo))
                .extracting(RefundNotification::getRefundStatus)
                .containsExactly(Status.CLOSED));
        assertThat(query(DIRECT, refundNo).getStatus()).isEqualTo(Status.CLOSED);
        assertThat(sdk(DIRECT).create(refund(trade, "RF-AGAIN-" + unique(), 10_000)).getStatus())
            .isEqualTo(Status.PROCESSING);
    }

    @Test
    void anAbnormalRefundIsNotifiedAbnormalThenSuccess() {
        // Given
        PaymentSpec trade = pay(DIRECT, 10_000);
        String refundNo = "RF-ABNORMAL-" + unique();
        choose(DIRECT, refundNo, RefundScenario.ABNORMAL_THEN_SUCCESS);

        // When
        sdk(DIRECT).create(refund(trade, refundNo, 5_000));

        // Then
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(RECEIVER.refundNotices(merchant(DIRECT), refundNo))
                .extracting(RefundNotification::getRefundStatus)
                .containsExactly(Status.ABNORMAL, Status.SUCCESS));
        assertThat(query(DIRECT, refundNo).getStatus()).isEqualTo(Status.SUCCESS);
    }

    @Test
    void aLostAnswerTimesTheCallerOutThoughTheRefundWasMade() {
        // Given a refund whose answer is held longer than the caller waits
        PaymentSpec trade = pay(DIRECT, 10_000);
        String refundNo = "RF-LOST-" + unique();
        choose(DIRECT, refundNo, RefundScenario.ANSWER_LOST);
        RefundService impatient = OfficialRefundClient.forMerchant(merchant(DIRECT), port, Duration.ofMillis(300));

        // When
        HttpException lost = catchThrowableOfType(HttpException.class,
                () -> impatient.create(refund(trade, refundNo, 2_500)));

        // Then the caller got no answer, yet the refund exists and succeeds
        assertThat(lost.getCause()).isInstanceOf(java.net.SocketTimeoutException.class);
        assertThat(sandboxRefunds(trade)).hasSize(1);
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(() -> assertThat(query(DIRECT, refundNo).getStatus()).isEqualTo(Status.SUCCESS));
    }

    @Test
    void aDashboardRefundIsNotifiedUnderANumberTheMerchantNeverIssuedAndCountsAgainstTheTrade() {
        // Given a paid trade of 100.00
        PaymentSpec trade = pay(DIRECT, 10_000);

        // When 40.00 is refunded in the merchant's dashboard
        JsonNode made = RestClient.create("http://127.0.0.1:" + port)
            .post()
            .uri("/sandbox/wechatpay/dashboard-refunds")
            .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
            .body("{\"merchantId\":\"" + DIRECT + "\",\"transactionId\":\"" + trade.transactionId()
                    + "\",\"refundFen\":4000}")
            .retrieve()
            .body(JsonNode.class);

        // Then a REFUND.SUCCESS under WeChat's own number is pushed
        String number = made.get("outRefundNo").asString();
        assertThat(made.get("fromDashboard").asBoolean()).isTrue();
        await().atMost(Duration.ofSeconds(10))
            .untilAsserted(
                    () -> assertThat(RECEIVER.refundNotices(merchant(DIRECT), number)).singleElement().satisfies(n -> {
                        assertThat(n.getRefundStatus()).isEqualTo(Status.SUCCESS);
                        assertThat(n.getTransactionId()).isEqualTo(trade.transactionId());
                        assertThat(n.getAmount().getRefund()).isEqualTo(4_000L);
                    }));
        // and the API can refund only the 60.00 left
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> sdk(DIRECT).create(refund(trade, "RF-ALL-" + unique(), 10_000)));
        assertThat(refused.getErrorCode()).isEqualTo("INVALID_REQUEST");
        assertThat(sdk(DIRECT).create(refund(trade, "RF-LEFT-" + unique(), 6_000)).getStatus())
            .isEqualTo(Status.PROCESSING);
    }

    @Test
    void aServiceProviderRefundsForItsSubMerchantNamingTheSubMchid() {
        // Given a sub-merchant's paid trade
        PaymentSpec trade = pay(SUB_MERCHANT, 8_800);
        String refundNo = "RF-SUB-" + unique();
        CreateRequest withSub = refund(trade, refundNo, 800);
        withSub.setSubMchid(SUB_MERCHANT);

        // When the provider refunds without, then with the sub_mchid
        ServiceException withoutSub = catchThrowableOfType(ServiceException.class,
                () -> sdk(PROVIDER).create(refund(trade, refundNo, 800)));
        Refund created = sdk(PROVIDER).create(withSub);

        // Then only the call naming it is taken, and its query must name it too
        assertThat(withoutSub.getErrorCode()).isEqualTo("PARAM_ERROR");
        assertThat(created.getStatus()).isEqualTo(Status.PROCESSING);
        QueryByOutRefundNoRequest query = new QueryByOutRefundNoRequest();
        query.setOutRefundNo(refundNo);
        query.setSubMchid(SUB_MERCHANT);
        assertThat(sdk(PROVIDER).queryByOutRefundNo(query).getRefundId()).isEqualTo(created.getRefundId());
        ServiceException queriedWithoutSub = catchThrowableOfType(ServiceException.class,
                () -> query(PROVIDER, refundNo));
        assertThat(queriedWithoutSub.getHttpStatusCode()).isEqualTo(400);
        assertThat(queriedWithoutSub.getErrorCode()).isEqualTo("PARAM_ERROR");
        assertThat(sandboxRefunds(trade)).hasSize(1);
    }

    private PaymentSpec pay(String merchantId, long totalFen) {
        return payments.pay(merchantId, "ORDER-" + unique(), totalFen, null, 1).spec();
    }

    private static CreateRequest refund(PaymentSpec trade, String outRefundNo, long refundFen) {
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

    private Refund query(String merchantId, String outRefundNo) {
        QueryByOutRefundNoRequest request = new QueryByOutRefundNoRequest();
        request.setOutRefundNo(outRefundNo);
        return sdk(merchantId).queryByOutRefundNo(request);
    }

    private RefundService sdk(String merchantId) {
        return OfficialRefundClient.forMerchant(merchant(merchantId), port, Duration.ofSeconds(5));
    }

    /** The merchant's entry in the merchants file the sandbox wrote. */
    private static Merchant merchant(String merchantId) {
        return MerchantsFile.read(MERCHANTS_FILE)
            .merchants()
            .stream()
            .filter(m -> m.merchantId().equals(merchantId))
            .findFirst()
            .orElseThrow();
    }

    @Autowired
    io.paypipe.sandbox.merchant.SandboxMerchants sandboxMerchants;

    private WechatPaySandboxMerchant merchantOf(String merchantId) {
        return sandboxMerchants.wechatPay(merchantId);
    }

    private void choose(String merchantId, String outRefundNo, RefundScenario scenario) {
        RestClient.create("http://127.0.0.1:" + port)
            .post()
            .uri("/sandbox/wechatpay/refund-scenarios")
            .contentType(org.springframework.http.MediaType.APPLICATION_JSON)
            .body("{\"merchantId\":\"" + merchantId + "\",\"outRefundNo\":\"" + outRefundNo + "\",\"scenario\":\""
                    + scenario + "\"}")
            .retrieve()
            .toBodilessEntity();
    }

    private List<JsonNode> sandboxRefunds(PaymentSpec trade) {
        JsonNode list = RestClient.create("http://127.0.0.1:" + port)
            .get()
            .uri("/sandbox/wechatpay/trades/{id}/refunds", trade.transactionId())
            .retrieve()
            .body(JsonNode.class);
        return list.valueStream().toList();
    }

    private static String unique() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    private static Path tempFile() {
        try {
            return Files.createTempDirectory("wechatpay-refund-api").resolve("merchants.yaml");
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
