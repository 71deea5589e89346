package io.paypipe.sandbox.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.service.refund.RefundService;
import com.wechat.pay.java.service.refund.model.CreateRequest;
import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import com.wechat.pay.java.service.refund.model.Status;
import io.paypipe.core.merchant.Merchant;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The sandbox's WeChat Pay refund API called by the official SDK's {@code RefundService}
 * on its stock HTTP stack with the credentials of the merchants file the sandbox wrote:
 * the SDK's signatures are accepted and others refused, the sandbox's answers verify,
 * each out_refund_no refunds once, and WeChat's errors come as WeChat sends them.
 */
class WechatPayRefundApiTest extends WechatPayRefundApiSupport {

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

}
