package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.payments.model.Transaction;
import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.OrderClosedException;
import io.paypipe.sandbox.query.OrderRef;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sandbox's WeChat Pay order query and close called by the official SDK's
 * {@code JsapiService} (direct and partner) with the merchants file's credentials: the
 * order as WeChat holds it, another merchant's order answered like an unknown one, the
 * close of unpaid and paid orders, and each call recorded.
 */
class WechatPayOrderApiTest extends WechatPayRefundApiSupport {

    @Autowired
    SandboxOrders orders;

    @Autowired
    ChannelCalls calls;

    @Test
    void anOrderTheOrderSystemCreatedIsNotPayUntilPaidThenSuccessWithItsTransaction() {
        // Given an order created by the order system (placed at WeChat)
        String no = "ORDER-Q1-" + unique();
        orders.create(DIRECT, no, 1_000);

        // When the merchant queries it, then WeChat pays it and it is queried again
        Transaction unpaid = client(DIRECT).query(no);
        PaymentSpec paid = payments.pay(DIRECT, no, 1_000, null, 1).spec();
        Transaction success = client(DIRECT).query(no);

        // Then the SDK verified both answers: NOTPAY without a transaction, then SUCCESS
        assertThat(unpaid.getTradeState()).isEqualTo(Transaction.TradeStateEnum.NOTPAY);
        assertThat(unpaid.getTransactionId()).isNull();
        assertThat(unpaid.getAmount().getTotal()).isEqualTo(1_000);
        assertThat(unpaid.getMchid()).isEqualTo(DIRECT);
        assertThat(success.getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
        assertThat(success.getTransactionId()).isEqualTo(paid.transactionId());
        assertThat(success.getAmount().getPayerTotal()).isEqualTo(1_000);
        assertThat(success.getSuccessTime()).isEqualTo(WechatPayNotifications.RFC3339.format(paid.successTime()));
        assertThat(success.getPayer().getOpenid()).startsWith("o");
        // and by its transaction_id too
        assertThat(client(DIRECT).queryById(paid.transactionId()).getOutTradeNo()).isEqualTo(no);
    }

    @Test
    void anOrderOfAnotherMerchantIsOrderNotExistExactlyLikeAnUnknownOrder() {
        // Given an order paid at 1900000100
        String no = "ORDER-Q2-" + unique();
        payments.pay(DIRECT, no, 2_000, null, 1);

        // When 1900000101 queries it, and 1900000100 queries a number never used
        ServiceException wrongMerchant = catchThrowableOfType(ServiceException.class,
                () -> client(OTHER_DIRECT).query(no));
        ServiceException unknown = catchThrowableOfType(ServiceException.class,
                () -> client(DIRECT).query("ORDER-NEVER-" + unique()));

        // Then both are 404 ORDER_NOT_EXIST, word for word
        assertThat(wrongMerchant.getHttpStatusCode()).isEqualTo(404);
        assertThat(wrongMerchant.getErrorCode()).isEqualTo("ORDER_NOT_EXIST");
        assertThat(wrongMerchant.getErrorMessage()).isEqualTo("订单不存在");
        assertThat(unknown.getResponseBody()).isEqualTo(wrongMerchant.getResponseBody());
        assertThat(unknown.getHttpStatusCode()).isEqualTo(404);
    }

    @Test
    void aServiceProviderFindsItsSubMerchantsOrderAndNotUnderAnotherSubMerchant() {
        // Given an order created for sub-merchant 1900009100
        String no = "ORDER-Q3-" + unique();
        orders.create(SUB_MERCHANT, no, 3_000);

        // When the provider queries it under that sub-merchant and under the other one
        var found = client(PROVIDER).partnerQuery(SUB_MERCHANT, no);
        ServiceException other = catchThrowableOfType(ServiceException.class,
                () -> client(PROVIDER).partnerQuery(OTHER_SUB_MERCHANT, no));

        // Then the partner answer names both, and the other sub-merchant has no such
        // order
        assertThat(found.getTradeState().name()).isEqualTo("NOTPAY");
        assertThat(found.getSpMchid()).isEqualTo(PROVIDER);
        assertThat(found.getSubMchid()).isEqualTo(SUB_MERCHANT);
        assertThat(other.getHttpStatusCode()).isEqualTo(404);
        assertThat(other.getErrorCode()).isEqualTo("ORDER_NOT_EXIST");
    }

    @Test
    void closingAnUnpaidOrderClosesItAndItsLaterPaymentFails() {
        // Given an unpaid order of a sub-merchant
        String no = "ORDER-C1-" + unique();
        orders.create(SUB_MERCHANT, no, 4_000);

        // When the provider closes it (twice: the second is answered alike)
        client(PROVIDER).partnerClose(SUB_MERCHANT, no);
        client(PROVIDER).partnerClose(SUB_MERCHANT, no);

        // Then it is CLOSED, and WeChat refuses to take its payment
        assertThat(client(PROVIDER).partnerQuery(SUB_MERCHANT, no).getTradeState().name()).isEqualTo("CLOSED");
        assertThatThrownBy(() -> payments.pay(SUB_MERCHANT, no, 4_000, null, 1))
            .isInstanceOf(OrderClosedException.class);
        assertThat(calls.of(OrderRef.of(Channel.WECHATPAY, SUB_MERCHANT, no), ChannelCall.Operation.CLOSE))
            .extracting(ChannelCall::httpStatus, ChannelCall::answer, ChannelCall::callerId)
            .containsOnly(org.assertj.core.groups.Tuple.tuple(204, "CLOSED", PROVIDER));
    }

    @Test
    void closingAPaidOrderIsOrderPaidAndLeavesItPaid() {
        // Given a paid order
        String no = "ORDER-C2-" + unique();
        payments.pay(DIRECT, no, 5_000, null, 1);

        // When the merchant closes it
        ServiceException refused = catchThrowableOfType(ServiceException.class, () -> client(DIRECT).close(no));

        // Then 400 ORDERPAID, and it is still SUCCESS
        assertThat(refused.getHttpStatusCode()).isEqualTo(400);
        assertThat(refused.getErrorCode()).isEqualTo("ORDERPAID");
        assertThat(client(DIRECT).query(no).getTradeState()).isEqualTo(Transaction.TradeStateEnum.SUCCESS);
    }

    @Test
    void closingAnUnknownOrderIsOrderNotExist() {
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> client(DIRECT).close("ORDER-NONE-" + unique()));

        assertThat(refused.getHttpStatusCode()).isEqualTo(404);
        assertThat(refused.getErrorCode()).isEqualTo("ORDER_NOT_EXIST");
    }

    @Test
    void aTradeWithARefundIsQueriedAsRefund() {
        // Given a paid trade refunded in part
        String no = "ORDER-R1-" + unique();
        PaymentSpec trade = payments.pay(DIRECT, no, 6_000, null, 1).spec();
        sdk(DIRECT).create(refund(trade, "RF-Q-" + unique(), 1_000));

        // When it is queried, Then WeChat says REFUND
        assertThat(client(DIRECT).query(no).getTradeState()).isEqualTo(Transaction.TradeStateEnum.REFUND);
    }

    @Test
    void aQuerySignedWithAnotherMerchantsKeyIsSignErrorAndRecorded() {
        // Given a client that signs as 1900000100 with 1900000101's key
        String no = "ORDER-S1-" + unique();
        orders.create(DIRECT, no, 700);
        var own = merchant(DIRECT);
        var c = own.wechatpay();
        var forged = new io.paypipe.core.merchant.Merchant(own.tenant(), own.channel(), DIRECT, java.util.List.of(),
                new io.paypipe.core.merchant.Merchant.WechatPayCredentials(c.apiV3Key(), c.appIds(), c.subAppIds(),
                        c.platformKeys(), c.merchantSerialNo(),
                        merchant(OTHER_DIRECT).wechatpay().merchantPrivateKeyPem()),
                null, null);

        // When it queries
        ServiceException refused = catchThrowableOfType(ServiceException.class,
                () -> new OfficialOrderClient(forged, port, Duration.ofSeconds(5)).query(no));

        // Then 401 SIGN_ERROR, and the call is on record
        assertThat(refused.getHttpStatusCode()).isEqualTo(401);
        assertThat(refused.getErrorCode()).isEqualTo("SIGN_ERROR");
        assertThat(calls.of(OrderRef.of(Channel.WECHATPAY, DIRECT, no))).extracting(ChannelCall::answer)
            .containsExactly("SIGN_ERROR");
    }

    OfficialOrderClient client(String merchantId) {
        return new OfficialOrderClient(merchant(merchantId), port, Duration.ofSeconds(5));
    }

}
