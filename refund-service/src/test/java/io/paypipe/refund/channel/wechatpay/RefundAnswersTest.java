package io.paypipe.refund.channel.wechatpay;

import static org.assertj.core.api.Assertions.assertThat;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.refund.model.Amount;
import com.wechat.pay.java.service.refund.model.Refund;
import com.wechat.pay.java.service.refund.model.Status;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** What each WeChat Pay answer means for a refund of 30.00 numbered RF-1. */
class RefundAnswersTest {

    private static final Instant NOW = Instant.parse("2025-06-08T02:34:56Z");

    private static final RefundOrder ORDER = new RefundOrder(null,
            new OrderKey(TenantId.of("shop"), MerchantId.of("1900000100"), OutTradeNo.of("ORDER-1")),
            ChannelTradeNo.of("4200000000202506080000000001"), "RF-1", Money.of(3_000, "CNY"), Money.of(10_000, "CNY"),
            null, null);

    @ParameterizedTest
    @CsvSource({ "PROCESSING, Accepted", "ABNORMAL, Accepted", "SUCCESS, Succeeded", "CLOSED, Refused" })
    void aRefundOfOurNumberAndAmountIsReadByItsStatus(Status status, String expected) {
        // Given, When
        RefundCall call = RefundAnswers.ofRefund(refund("RF-1", 3_000L, status), ORDER, NOW);

        // Then
        assertThat(call.getClass().getSimpleName()).isEqualTo(expected);
    }

    @Test
    void aSuccessCarriesItsSuccessTimeAndWechatsId() {
        // Given
        Refund refund = refund("RF-1", 3_000L, Status.SUCCESS);
        refund.setSuccessTime("2025-06-08T10:40:00+08:00");

        // When, Then
        assertThat(RefundAnswers.ofRefund(refund, ORDER, NOW)).isEqualTo(
                new RefundCall.Succeeded("50300000000000000000000000001", Instant.parse("2025-06-08T02:40:00Z")));
    }

    @Test
    void anAnswerAboutAnotherNumberAnotherAmountOrAnUnknownStatusConcludesNothing() {
        assertThat(RefundAnswers.ofRefund(refund("RF-2", 3_000L, Status.SUCCESS), ORDER, NOW))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(RefundAnswers.ofRefund(refund("RF-1", 5_000L, Status.SUCCESS), ORDER, NOW))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(RefundAnswers.ofRefund(refund("RF-1", null, Status.SUCCESS), ORDER, NOW))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(RefundAnswers.ofRefund(refund("RF-1", 3_000L, null), ORDER, NOW))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(RefundAnswers.ofRefund(null, ORDER, NOW)).isInstanceOf(RefundCall.Unknown.class);
    }

    @ParameterizedTest
    @CsvSource({ "403, NOT_ENOUGH, Refused", "400, INVALID_REQUEST, Refused", "400, PARAM_ERROR, Refused",
            "404, RESOURCE_NOT_EXISTS, Refused", "403, NO_AUTH, Refused", "403, USER_ACCOUNT_ABNORMAL, Refused",
            "401, SIGN_ERROR, Unknown", "429, FREQUENCY_LIMITED, Unknown", "500, SYSTEM_ERROR, Unknown",
            "503, NOT_ENOUGH, Unknown", "400, SOMETHING_NEW, Unknown" })
    void anErrorOfTheCreateCallIsARefusalOnlyWhenItsCodeSaysNothingWasMade(int status, String code, String expected) {
        // Given, When
        RefundCall call = RefundAnswers.ofCreateError(error(status, code));

        // Then
        assertThat(call.getClass().getSimpleName()).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({ "404, RESOURCE_NOT_EXISTS, NotFound", "400, INVALID_REQUEST, Unknown", "403, NOT_ENOUGH, Unknown",
            "500, SYSTEM_ERROR, Unknown", "401, SIGN_ERROR, Unknown" })
    void anErrorOfTheQueryIsNotFoundOnlyForAnUnknownRefundNumber(int status, String code, String expected) {
        // Given, When
        RefundCall call = RefundAnswers.ofQueryError(error(status, code));

        // Then
        assertThat(call.getClass().getSimpleName()).isEqualTo(expected);
    }

    private static Refund refund(String outRefundNo, Long refundFen, Status status) {
        Refund refund = new Refund();
        refund.setRefundId("50300000000000000000000000001");
        refund.setOutRefundNo(outRefundNo);
        refund.setStatus(status);
        Amount amount = new Amount();
        amount.setRefund(refundFen);
        amount.setTotal(10_000L);
        refund.setAmount(amount);
        return refund;
    }

    private static ServiceException error(int status, String code) {
        return new ServiceException(null, status, "{\"code\":\"" + code + "\",\"message\":\"m\"}");
    }

}
