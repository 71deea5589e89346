package io.paypipe.sandbox.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.alipay.api.AlipayApiException;
import com.alipay.api.DefaultAlipayClient;
import com.alipay.api.domain.AlipayTradeCloseModel;
import com.alipay.api.domain.AlipayTradeQueryModel;
import com.alipay.api.request.AlipayTradeCloseRequest;
import com.alipay.api.request.AlipayTradeQueryRequest;
import com.alipay.api.response.AlipayTradeCloseResponse;
import com.alipay.api.response.AlipayTradeQueryResponse;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.sandbox.RunningSandbox;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.query.CallbackScenario;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.CloseScenario;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.OrderClosedException;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.query.QueryFault;
import io.paypipe.sandbox.query.QueryFaults;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sandbox's {@code alipay.trade.query} and {@code alipay.trade.close} called by the
 * official alipay-sdk-java ({@code DefaultAlipayClient} with the app's key from the
 * merchants file, verifying every answer), and the scenarios armed in-JVM.
 */
class AlipayOrderGatewayTest extends RunningSandbox {

    private static final String APP = "2021000100000000";

    private static final String OTHER_APP = "2021000100000001";

    @Autowired
    AlipayPayments payments;

    @Autowired
    SandboxOrders orders;

    @Autowired
    CallbackScenarios callbacks;

    @Autowired
    CloseScenarios closes;

    @Autowired
    QueryFaults faults;

    @Autowired
    ChannelCalls calls;

    @Test
    void aCreatedOrderWaitsForTheBuyerThenIsPaidUnderTheSameTradeNo() throws Exception {
        // Given an order the order system created (a trade at Alipay)
        String no = "ORDER-A1-" + UUID.randomUUID();
        orders.create(APP, no, 2_500);

        // When it is queried, paid, and queried again
        AlipayTradeQueryResponse waiting = client(APP).execute(query(no));
        AlipayTrade paid = payments.pay(APP, no, 2_500, null, 1).trade();
        AlipayTradeQueryResponse success = client(APP).execute(query(no));

        // Then the SDK verified both: WAIT_BUYER_PAY with nothing received, then
        // TRADE_SUCCESS with the trade's own trade_no and the amounts
        assertThat(waiting.getCode()).isEqualTo("10000");
        assertThat(waiting.getTradeStatus()).isEqualTo("WAIT_BUYER_PAY");
        assertThat(waiting.getTotalAmount()).isEqualTo("25.00");
        assertThat(waiting.getReceiptAmount()).isEqualTo("0.00");
        assertThat(waiting.getSendPayDate()).isNull();
        assertThat(success.getTradeStatus()).isEqualTo("TRADE_SUCCESS");
        assertThat(success.getTradeNo()).isEqualTo(waiting.getTradeNo()).isEqualTo(paid.tradeNo());
        assertThat(success.getReceiptAmount()).isEqualTo("25.00");
        assertThat(success.getSendPayDate()).isNotNull();
        assertThat(success.getBody()).contains("\"sign\":\"");
    }

    @Test
    void anotherAppsTradeIsTradeNotExistExactlyLikeAnUnknownOne() throws Exception {
        // Given a paid trade of one app
        String no = "ORDER-A2-" + UUID.randomUUID();
        payments.pay(APP, no, 1_000, null, 1);

        // When another app queries it, and the app queries a number never used
        AlipayTradeQueryResponse wrongApp = client(OTHER_APP).execute(query(no));
        AlipayTradeQueryResponse unknown = client(APP).execute(query("ORDER-NEVER-" + UUID.randomUUID()));

        // Then both are 40004 ACQ.TRADE_NOT_EXIST
        assertThat(wrongApp.getCode()).isEqualTo("40004");
        assertThat(wrongApp.getSubCode()).isEqualTo("ACQ.TRADE_NOT_EXIST");
        assertThat(wrongApp.getSubMsg()).isEqualTo(unknown.getSubMsg());
        assertThat(unknown.getSubCode()).isEqualTo("ACQ.TRADE_NOT_EXIST");
    }

    @Test
    void closingAWaitingTradeClosesItAndItsLaterPaymentFails() throws Exception {
        // Given a waiting trade
        String no = "ORDER-A3-" + UUID.randomUUID();
        orders.create(APP, no, 3_000);

        // When the merchant closes it, then closes it again
        AlipayTradeCloseResponse closed = client(APP).execute(close(no));
        AlipayTradeCloseResponse again = client(APP).execute(close(no));

        // Then it is TRADE_CLOSED and cannot be paid; a second close is refused
        assertThat(closed.getCode()).isEqualTo("10000");
        assertThat(closed.getOutTradeNo()).isEqualTo(no);
        assertThat(client(APP).execute(query(no)).getTradeStatus()).isEqualTo("TRADE_CLOSED");
        assertThatThrownBy(() -> payments.pay(APP, no, 3_000, null, 1)).isInstanceOf(OrderClosedException.class);
        assertThat(again.getSubCode()).isEqualTo("ACQ.TRADE_STATUS_ERROR");
    }

    @Test
    void closingAPaidTradeIsTradeStatusError() throws Exception {
        String no = "ORDER-A4-" + UUID.randomUUID();
        payments.pay(APP, no, 3_500, null, 1);

        AlipayTradeCloseResponse refused = client(APP).execute(close(no));

        assertThat(refused.getCode()).isEqualTo("40004");
        assertThat(refused.getSubCode()).isEqualTo("ACQ.TRADE_STATUS_ERROR");
        assertThat(client(APP).execute(query(no)).getTradeStatus()).isEqualTo("TRADE_SUCCESS");
    }

    @Test
    void aTradePaidJustBeforeItsCloseIsTradeStatusErrorAndQueriedPaid() throws Exception {
        String no = "ORDER-A5-" + UUID.randomUUID();
        orders.create(APP, no, 4_000);
        closes.choose(OrderRef.of(Channel.ALIPAY, APP, no), CloseScenario.PAID_DURING_CLOSE);

        AlipayTradeCloseResponse refused = client(APP).execute(close(no));

        assertThat(refused.getSubCode()).isEqualTo("ACQ.TRADE_STATUS_ERROR");
        assertThat(client(APP).execute(query(no)).getTradeStatus()).isEqualTo("TRADE_SUCCESS");
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(notices("/notify/alipay", no)).isNotEmpty());
    }

    @Test
    void droppedCallbacksNeverArriveAndHeldOnesArriveAfterTheQuery() throws Exception {
        // Given one order whose callbacks are dropped and one whose callbacks are held
        String dropped = "ORDER-AD-" + UUID.randomUUID();
        String held = "ORDER-AH-" + UUID.randomUUID();
        callbacks.choose(OrderRef.of(Channel.ALIPAY, APP, dropped), CallbackScenario.DROP);
        callbacks.choose(OrderRef.of(Channel.ALIPAY, APP, held), CallbackScenario.HOLD_UNTIL_QUERIED);

        // When both are paid
        payments.pay(APP, dropped, 500, null, 1);
        payments.pay(APP, held, 600, null, 1);
        await().during(Duration.ofMillis(500))
            .atMost(Duration.ofSeconds(3))
            .until(() -> notices("/notify/alipay", dropped).isEmpty() && notices("/notify/alipay", held).isEmpty());

        // Then both are paid at Alipay; only the held one arrives, once queried
        assertThat(client(APP).execute(query(dropped)).getTradeStatus()).isEqualTo("TRADE_SUCCESS");
        assertThat(client(APP).execute(query(held)).getTradeStatus()).isEqualTo("TRADE_SUCCESS");
        await().atMost(Duration.ofSeconds(5))
            .untilAsserted(() -> assertThat(notices("/notify/alipay", held)).hasSize(1));
        assertThat(notices("/notify/alipay", dropped)).isEmpty();
    }

    @Test
    void theGatewayShedsLoadThenFailsThenAnswersAndRecordsEveryCall() throws Exception {
        // Given a paid trade, and the app's next queries refused then failed
        String no = "ORDER-AF-" + UUID.randomUUID();
        payments.pay(APP, no, 700, null, 1);
        faults.failNext(Channel.ALIPAY, QueryFault.RATE_LIMITED, 1, java.util.Set.of(ChannelCall.Operation.QUERY), APP);
        faults.failNext(Channel.ALIPAY, QueryFault.SERVER_ERROR, 1, java.util.Set.of(ChannelCall.Operation.QUERY), APP);

        // When it queries three times
        AlipayTradeQueryResponse shed = client(APP).execute(query(no));
        Throwable failed = org.assertj.core.api.Assertions.catchThrowable(() -> client(APP).execute(query(no)));
        AlipayTradeQueryResponse answered = client(APP).execute(query(no));

        // Then a signed 20000 aop.ACQ.SYSTEM_ERROR, a 503, then the trade
        assertThat(shed.getCode()).isEqualTo("20000");
        assertThat(shed.getSubCode()).isEqualTo("aop.ACQ.SYSTEM_ERROR");
        assertThat(failed).isInstanceOf(AlipayApiException.class);
        assertThat(answered.getTradeStatus()).isEqualTo("TRADE_SUCCESS");
        assertThat(calls.of(OrderRef.of(Channel.ALIPAY, APP, no), ChannelCall.Operation.QUERY))
            .extracting(ChannelCall::httpStatus, ChannelCall::answer)
            .containsExactly(org.assertj.core.groups.Tuple.tuple(200, "aop.ACQ.SYSTEM_ERROR"),
                    org.assertj.core.groups.Tuple.tuple(503, "SERVER_ERROR"),
                    org.assertj.core.groups.Tuple.tuple(200, "TRADE_SUCCESS"));
    }

    @Test
    void aFullyRefundedTradeIsQueriedClosed() throws Exception {
        String no = "ORDER-AR-" + UUID.randomUUID();
        AlipayTrade trade = payments.pay(APP, no, 800, null, 1).trade();
        com.alipay.api.domain.AlipayTradeRefundModel model = new com.alipay.api.domain.AlipayTradeRefundModel();
        model.setTradeNo(trade.tradeNo());
        model.setOutRequestNo("RF-AR");
        model.setRefundAmount("8.00");
        com.alipay.api.request.AlipayTradeRefundRequest refund = new com.alipay.api.request.AlipayTradeRefundRequest();
        refund.setBizModel(model);
        client(APP).execute(refund);

        assertThat(client(APP).execute(query(no)).getTradeStatus()).isEqualTo("TRADE_CLOSED");
    }

    private DefaultAlipayClient client(String appId) {
        Merchant.AlipayCredentials c = merchantEntry(appId).alipay();
        return new DefaultAlipayClient(baseUrl() + "/sandbox/alipay/gateway.do", c.appId(), c.appPrivateKey(), "json",
                "UTF-8", c.alipayPublicKey(), "RSA2");
    }

    private static AlipayTradeQueryRequest query(String outTradeNo) {
        AlipayTradeQueryModel model = new AlipayTradeQueryModel();
        model.setOutTradeNo(outTradeNo);
        AlipayTradeQueryRequest request = new AlipayTradeQueryRequest();
        request.setBizModel(model);
        return request;
    }

    private static AlipayTradeCloseRequest close(String outTradeNo) {
        AlipayTradeCloseModel model = new AlipayTradeCloseModel();
        model.setOutTradeNo(outTradeNo);
        AlipayTradeCloseRequest request = new AlipayTradeCloseRequest();
        request.setBizModel(model);
        return request;
    }

}
