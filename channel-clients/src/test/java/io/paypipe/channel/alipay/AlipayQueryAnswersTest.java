package io.paypipe.channel.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.channel.query.CloseAnswer;
import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every row of Alipay's answer table, and values it does not know. */
class AlipayQueryAnswersTest {

    private static final String ORDER = "ORDER-1";

    @ParameterizedTest
    @CsvSource({ "TRADE_SUCCESS, Paid", "TRADE_FINISHED, Paid", "WAIT_BUYER_PAY, Waiting", "TRADE_CLOSED, Closed",
            "TRADE_PENDING, Unknown", "trade_success, Unknown" })
    void mapsEachTradeStatusToItsRow(String tradeStatus, String kind) {
        // Given a signed answer with this trade_status (a closed one never paid: no
        // send_pay_date)
        String body = tradeStatus.equals("TRADE_CLOSED") ? query(tradeStatus, "") : query(tradeStatus, PAID_FIELDS);

        // When it is read
        QueryAnswer answer = AlipayQueryAnswers.ofQuery(body, ORDER);

        // Then its row says what it is
        assertThat(answer.getClass().getSimpleName()).isEqualTo(kind);
    }

    @Test
    void aPaidAnswerCarriesItsTradeExactAmountsBeijingTimeAndVerbatimBody() {
        String body = query("TRADE_SUCCESS", PAID_FIELDS);

        QueryAnswer answer = AlipayQueryAnswers.ofQuery(body, ORDER);

        assertThat(answer).isEqualTo(new QueryAnswer.Paid(ChannelTradeNo.of("2025060122001400001"), "TRADE_SUCCESS",
                Money.of(12_801, "CNY"), Money.of(12_001, "CNY"), Instant.parse("2025-06-01T02:03:04Z"), body));
    }

    @Test
    void aTradeClosedAfterItWasPaidIsRefundedNeverClosed() {
        // Given Alipay's TRADE_CLOSED of a trade paid then refunded in full: it was paid
        // (send_pay_date)
        String body = query("TRADE_CLOSED", PAID_FIELDS);

        assertThat(AlipayQueryAnswers.ofQuery(body, ORDER)).isInstanceOf(QueryAnswer.Refunded.class);
    }

    @Test
    void aClosedUnpaidTradeIsClosedWithItsTradeNo() {
        String body = query("TRADE_CLOSED", "");

        assertThat(AlipayQueryAnswers.ofQuery(body, ORDER)).isEqualTo(
                new QueryAnswer.Closed(Optional.of(ChannelTradeNo.of("2025060122001400001")), "TRADE_CLOSED", body));
    }

    @Test
    void amountsAreReadExactlyWhetherStringsOrJsonNumbers() {
        String numbers = query("TRADE_SUCCESS", PAID_FIELDS).replace("\"128.01\"", "128.01")
            .replace("\"120.01\"", "120.01");

        QueryAnswer.Paid paid = (QueryAnswer.Paid) AlipayQueryAnswers.ofQuery(numbers, ORDER);

        assertThat(paid.orderAmount()).isEqualTo(Money.of(12_801, "CNY"));
        assertThat(paid.paidAmount()).isEqualTo(Money.of(12_001, "CNY"));
    }

    @Test
    void thePaidAmountFallsBackToBuyerPayAmountThenTheTotal() {
        String buyerPay = query("TRADE_SUCCESS", PAID_FIELDS.replace("receipt_amount", "buyer_pay_amount"));
        String totalOnly = query("TRADE_SUCCESS", PAID_FIELDS.replace("\"receipt_amount\":\"120.01\",", ""));

        assertThat(((QueryAnswer.Paid) AlipayQueryAnswers.ofQuery(buyerPay, ORDER)).paidAmount())
            .isEqualTo(Money.of(12_001, "CNY"));
        assertThat(((QueryAnswer.Paid) AlipayQueryAnswers.ofQuery(totalOnly, ORDER)).paidAmount())
            .isEqualTo(Money.of(12_801, "CNY"));
    }

    @Test
    void aPaidAnswerWithAnInexactAmountOrNoPayDateIsUnknown() {
        String inexact = query("TRADE_SUCCESS", PAID_FIELDS.replace("128.01", "128.011"));
        String noDate = query("TRADE_SUCCESS", PAID_FIELDS.replace("send_pay_date", "x"));

        assertThat(AlipayQueryAnswers.ofQuery(inexact, ORDER)).isInstanceOf(QueryAnswer.Unknown.class);
        assertThat(AlipayQueryAnswers.ofQuery(noDate, ORDER)).isInstanceOf(QueryAnswer.Unknown.class);
    }

    @Test
    void anAnswerAboutAnotherOutTradeNoIsUnknownNeverPaid() {
        assertThat(AlipayQueryAnswers.ofQuery(query("TRADE_SUCCESS", PAID_FIELDS), "ORDER-2"))
            .isInstanceOf(QueryAnswer.Unknown.class);
    }

    @ParameterizedTest
    @CsvSource({ "40004, ACQ.TRADE_NOT_EXIST, true, NotFound", "40004, ACQ.SYSTEM_ERROR, true, Failed",
            "20000, isp.unknow-error, true, Failed", "20000, aop.unknow-error, false, Failed",
            "40005, isv.app-call-limited, true, RateLimited", "40005, isv.method-call-limited, false, RateLimited",
            "40004, ACQ.TRADE_NOT_EXIST, false, Failed", "40004, ACQ.INVALID_PARAMETER, true, Unknown",
            "40004, ACQ.INVALID_PARAMETER, false, Failed", "40004, ACQ.TRADE_STATUS_ERROR, true, Unknown",
            "40002, isv.invalid-signature, true, Unknown", "40006, isv.insufficient-isv-permissions, true, Unknown" })
    void mapsEachQueryErrorToItsRow(String code, String subCode, boolean signed, String kind) {
        assertThat(AlipayQueryAnswers.ofQuery(error(AlipayQueryAnswers.QUERY, code, subCode, signed), ORDER)
            .getClass()
            .getSimpleName()).isEqualTo(kind);
    }

    @ParameterizedTest
    @CsvSource({ "10000, , true, Closed", "40004, ACQ.TRADE_NOT_EXIST, true, NotFound",
            "40004, ACQ.TRADE_STATUS_ERROR, true, AlreadyPaid", "40004, ACQ.SYSTEM_ERROR, true, Failed",
            "20000, isp.unknow-error, false, Failed", "40005, isv.app-call-limited, true, RateLimited",
            "40004, ACQ.TRADE_STATUS_ERROR, false, Failed", "40004, ACQ.TRADE_NOT_EXIST, false, Failed",
            "40004, ACQ.REASON_TRADE_STATUS_INVALID, true, Unknown", "40004, ACQ.INVALID_PARAMETER, false, Failed",
            "40001, isv.missing-signature, true, Unknown" })
    void mapsEachCloseAnswerToItsRow(String code, String subCode, boolean signed, String kind) {
        assertThat(AlipayQueryAnswers.ofClose(error(AlipayQueryAnswers.CLOSE, code, subCode, signed))
            .getClass()
            .getSimpleName()).isEqualTo(kind);
    }

    @Test
    void theRateLimitAndNotFoundRowsCarryAlipaysSubCode() {
        assertThat(AlipayQueryAnswers.ofQuery(error(AlipayQueryAnswers.QUERY, "40004", "ACQ.TRADE_NOT_EXIST", true),
                ORDER))
            .isEqualTo(new QueryAnswer.NotFound("ACQ.TRADE_NOT_EXIST"));
        assertThat(AlipayQueryAnswers.ofClose(error(AlipayQueryAnswers.CLOSE, "40005", "isv.app-call-limited", true)))
            .isEqualTo(new CloseAnswer.RateLimited("isv.app-call-limited"));
    }

    @Test
    void anErrorResponseOutsideTheMethodsNodeIsRead() {
        String body = "{\"error_response\":{\"code\":\"40002\",\"msg\":\"Invalid Arguments\",\"sub_code\":"
                + "\"isv.invalid-app-id\"},\"sign\":\"c2lnbg==\"}";

        assertThat(AlipayQueryAnswers.ofQuery(body, ORDER)).isInstanceOf(QueryAnswer.Unknown.class);
        assertThat(AlipayQueryAnswers.ofQuery("not json", ORDER)).isInstanceOf(QueryAnswer.Failed.class);
    }

    private static final String PAID_FIELDS = "\"total_amount\":\"128.01\",\"receipt_amount\":\"120.01\","
            + "\"send_pay_date\":\"2025-06-01 10:03:04\",";

    private static String query(String tradeStatus, String fields) {
        return "{\"alipay_trade_query_response\":{\"code\":\"10000\",\"msg\":\"Success\","
                + "\"trade_no\":\"2025060122001400001\",\"out_trade_no\":\"" + ORDER + "\","
                + "\"buyer_logon_id\":\"159****5620\"," + fields + "\"trade_status\":\"" + tradeStatus
                + "\"},\"sign\":\"c2lnbg==\"}";
    }

    private static String error(String method, String code, String subCode, boolean signed) {
        return "{\"" + method + "\":{\"code\":\"" + code + "\",\"msg\":\"-\""
                + (subCode == null ? "" : ",\"sub_code\":\"" + subCode + "\",\"sub_msg\":\"-\"") + "}"
                + (signed ? ",\"sign\":\"c2lnbg==\"" : "") + "}";
    }

}
