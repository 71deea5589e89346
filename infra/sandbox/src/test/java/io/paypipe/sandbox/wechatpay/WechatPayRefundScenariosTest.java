package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.QueryByOutRefundNoRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import com.wechat.pay.java.service.refund.model.Status;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * How refunds go at the sandbox's WeChat Pay, per {@link RefundScenario}: refused for
 * want of balance, failed and sent again, closed, abnormal, their answer lost; a refund
 * made in the dashboard; a service provider refunding for its sub-merchant. Their
 * {@code REFUND.*} notices are read back with the SDK's notification parser.
 */
class WechatPayRefundScenariosTest extends WechatPayRefundApiSupport {

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

}
