package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.OrderRef;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * The order API scenarios on WeChat Pay, armed over the sandbox's control endpoints (and
 * in-JVM): callbacks dropped or held until a query found the payment, the query failing
 * for a while, the close that finds the order paid, the order misfiled under another
 * merchant; each call read back from {@code /sandbox/wechatpay/order-calls}.
 */
class WechatPayOrderScenariosTest extends WechatPayRefundApiSupport {

    @Autowired
    SandboxOrders orders;

    @Autowired
    CallbackScenarios callbacks;

    @Test
    void aPaymentWhoseCallbacksAreDroppedIsPaidAndQueryableButNeverPushed() {
        // Given an order whose callbacks are dropped
        String no = "ORDER-DROP-" + unique();
        orders.create(DIRECT, no, 1_200);
        post("/sandbox/wechatpay/callback-scenarios",
                "{\"merchantId\":\"" + DIRECT + "\",\"outTradeNo\":\"" + no + "\",\"scenario\":\"DROP\"}");

        // When WeChat pays it (three copies)
        WechatPayPayments.Payment payment = payments.pay(DIRECT, no, 1_200, null, 3);

        // Then nothing was pushed, the query finds it paid, and the drop is on record
        assertThat(payment.deliveries()).isEmpty();
        assertThat(client(DIRECT).query(no).getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        await().during(Duration.ofMillis(500))
            .atMost(Duration.ofSeconds(3))
            .until(() -> RECEIVER.transactions(merchant(DIRECT), no).isEmpty());
        assertThat(get("/sandbox/wechatpay/callback-scenarios/" + DIRECT + "/" + no).get("dropped").asInt())
            .isEqualTo(3);
    }

    @Test
    void aHeldCallbackArrivesOnlyAfterAQueryFoundThePayment() {
        // Given an order whose callbacks are held until queried (in-JVM)
        String no = "ORDER-HOLD-" + unique();
        callbacks.choose(OrderRef.of(Channel.WECHATPAY, DIRECT, no), CallbackScenario.HOLD_UNTIL_QUERIED);

        // When WeChat pays it, nothing arrives
        WechatPayPayments.Payment payment = payments.pay(DIRECT, no, 1_300, null, 1);
        await().during(Duration.ofMillis(500))
            .atMost(Duration.ofSeconds(3))
            .until(() -> RECEIVER.transactions(merchant(DIRECT), no).isEmpty());

        // Then a query finds it paid and releases the callback, which the SDK accepts
        assertThat(client(DIRECT).query(no).getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(RECEIVER.transactions(merchant(DIRECT), no)).singleElement()
                .satisfies(t -> assertThat(t.getTransactionId()).isEqualTo(payment.spec().transactionId())));
        assertThat(payment.deliveries().getFirst()).succeedsWithin(Duration.ofSeconds(5));
        assertThat(callbacks.status(OrderRef.of(Channel.WECHATPAY, DIRECT, no)).orElseThrow().released()).isEqualTo(1);
    }

    @Test
    void theQueryRateLimitedThenFailingThenHangingIsAnsweredAsArmedAndEveryCallIsRecorded() {
        // Given a paid order, and two rate-limited queries then one 5xx then a timeout
        // armed for this merchant
        String no = "ORDER-FAULT-" + unique();
        payments.pay(DIRECT, no, 1_400, null, 1);
        arm("RATE_LIMITED", 2);
        arm("SERVER_ERROR", 1);
        arm("TIMEOUT", 1);

        // When the merchant queries five times (reading 1 s at most)
        ServiceException first = catchThrowableOfType(ServiceException.class, () -> client(DIRECT).query(no));
        ServiceException second = catchThrowableOfType(ServiceException.class, () -> client(DIRECT).query(no));
        ServiceException third = catchThrowableOfType(ServiceException.class, () -> client(DIRECT).query(no));
        Throwable fourth = catchThrowable(
                () -> new OfficialOrderClient(merchant(DIRECT), port, Duration.ofSeconds(1)).query(no));
        Transaction fifth = client(DIRECT).query(no);

        // Then 429 FREQUENCY_LIMITED twice, 500 SYSTEM_ERROR, a timeout, then the answer
        assertThat(first.getHttpStatusCode()).isEqualTo(429);
        assertThat(first.getErrorCode()).isEqualTo("FREQUENCY_LIMITED");
        assertThat(second.getErrorCode()).isEqualTo("FREQUENCY_LIMITED");
        assertThat(third.getHttpStatusCode()).isEqualTo(500);
        assertThat(third.getErrorCode()).isEqualTo("SYSTEM_ERROR");
        assertThat(fourth).isInstanceOf(HttpException.class);
        assertThat(fifth.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        // and the call record says the same, in order
        List<JsonNode> recorded = getList("/sandbox/wechatpay/order-calls?merchantId=" + DIRECT + "&outTradeNo=" + no);
        assertThat(recorded).extracting(c -> c.get("answer").asString())
            .containsExactly("FREQUENCY_LIMITED", "FREQUENCY_LIMITED", "SYSTEM_ERROR", "TIMEOUT", "SUCCESS");
        assertThat(recorded).extracting(c -> c.get("operation").asString()).containsOnly("QUERY");
    }

    @Test
    void anOrderPaidJustBeforeItsCloseIsOrderPaidAndItsCallbackArrives() {
        // Given an unpaid order whose close meets the payment
        String no = "ORDER-RACE-" + unique();
        orders.create(DIRECT, no, 1_500);
        post("/sandbox/wechatpay/close-scenarios",
                "{\"merchantId\":\"" + DIRECT + "\",\"outTradeNo\":\"" + no + "\",\"scenario\":\"PAID_DURING_CLOSE\"}");

        // When the merchant closes it
        ServiceException refused = catchThrowableOfType(ServiceException.class, () -> client(DIRECT).close(no));

        // Then the close finds it paid; the query says SUCCESS and the callback arrives
        assertThat(refused.getHttpStatusCode()).isEqualTo(400);
        assertThat(refused.getErrorCode()).isEqualTo("ORDERPAID");
        assertThat(client(DIRECT).query(no).getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(RECEIVER.transactions(merchant(DIRECT), no)).hasSize(1));
    }

    @Test
    void anOrderMisfiledUnderAnotherMerchantIsNotFoundUnderItsOwn() {
        // Given an order of 1900000100 that WeChat files under 1900000101
        String no = "ORDER-MIS-" + unique();
        orders.create(DIRECT, no, 1_600);
        JsonNode moved = post("/sandbox/wechatpay/orders/" + DIRECT + "/" + no + "/misfile",
                "{\"toMerchantId\":\"" + OTHER_DIRECT + "\"}");

        // When each merchant queries it
        ServiceException own = catchThrowableOfType(ServiceException.class, () -> client(DIRECT).query(no));

        // Then its own merchant is told ORDER_NOT_EXIST, the other one finds it
        assertThat(moved.get("merchantId").asString()).isEqualTo(OTHER_DIRECT);
        assertThat(own.getErrorCode()).isEqualTo("ORDER_NOT_EXIST");
        assertThat(client(OTHER_DIRECT).query(no).getTradeState()).isEqualTo(Transaction.TradeStateEnum.NOTPAY);
    }

    @Test
    void anUnpaidOrderCanBeMovedToUserPayingForTheQuery() {
        String no = "ORDER-UP-" + unique();
        orders.create(DIRECT, no, 1_700);

        post("/sandbox/wechatpay/orders/" + DIRECT + "/" + no + "/state", "{\"state\":\"USERPAYING\"}");

        assertThat(client(DIRECT).query(no).getTradeState()).isEqualTo(Transaction.TradeStateEnum.USERPAYING);
        assertThat(get("/sandbox/wechatpay/orders/" + DIRECT + "/" + no).get("state").asString())
            .isEqualTo("USERPAYING");
    }

    private void arm(String fault, int calls) {
        post("/sandbox/wechatpay/query-faults",
                "{\"fault\":\"" + fault + "\",\"calls\":" + calls + ",\"merchantId\":\"" + DIRECT + "\"}");
    }

    private JsonNode post(String path, String json) {
        return http().post()
            .uri(path)
            .contentType(MediaType.APPLICATION_JSON)
            .body(json)
            .retrieve()
            .body(JsonNode.class);
    }

    private JsonNode get(String path) {
        return http().get().uri(path).retrieve().body(JsonNode.class);
    }

    private List<JsonNode> getList(String path) {
        return get(path).valueStream().toList();
    }

    private RestClient http() {
        return RestClient.create("http://127.0.0.1:" + port);
    }

    private OfficialOrderClient client(String merchantId) {
        return new OfficialOrderClient(merchant(merchantId), port, Duration.ofSeconds(5));
    }

}
