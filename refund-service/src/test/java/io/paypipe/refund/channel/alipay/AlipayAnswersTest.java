package io.paypipe.refund.channel.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayResponse;
import com.alipay.api.internal.parser.json.ObjectJsonParser;
import com.alipay.api.response.AlipayTradeFastpayRefundQueryResponse;
import com.alipay.api.response.AlipayTradeRefundResponse;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What Alipay's answers mean, on answers as the SDK hands them over (parsed from the
 * body; the SDK's signature check itself is covered against the sandbox).
 */
class AlipayAnswersTest {

    private static final Instant NOW = Instant.parse("2026-03-01T08:00:00Z");

    private static final AlipayAnswers ANSWERS = new AlipayAnswers(Clock.fixed(NOW, ZoneOffset.UTC));

    private static final RefundOrder ORDER = new RefundOrder(
            new Merchant("shop", Channel.ALIPAY, "2021000100000000", List.of(), null, null, null),
            new OrderKey(TenantId.of("shop"), MerchantId.of("2021000100000000"), OutTradeNo.of("ORDER-1")),
            ChannelTradeNo.of("2026030122001400000000000001"), "RF-1", Money.of(2_000, "CNY"), Money.of(10_000, "CNY"),
            null, null);

    @Test
    void fundChangeYIsSucceededAtGmtRefundPayAndNIsAccepted() throws Exception {
        RefundCall moved = ANSWERS.refund(refund("{\"code\":\"10000\",\"msg\":\"Success\",\"fund_change\":\"Y\","
                + "\"gmt_refund_pay\":\"2026-03-01 16:00:05\",\"refund_fee\":\"20.00\"}", true), ORDER);
        RefundCall notMoved = ANSWERS.refund(
                refund("{\"code\":\"10000\",\"msg\":\"Success\",\"fund_change\":\"N\"," + "\"refund_fee\":\"20.00\"}",
                        true),
                ORDER);

        assertThat(moved).isEqualTo(new RefundCall.Succeeded("RF-1", Instant.parse("2026-03-01T08:00:05Z")));
        assertThat(notMoved).isEqualTo(new RefundCall.Accepted("RF-1"));
    }

    @Test
    void aSignedDefiniteRefusalIsRefusedButAnUnsignedOneProvesNothing() throws Exception {
        String refusal = "{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.SELLER_BALANCE_NOT_ENOUGH\","
                + "\"sub_msg\":\"卖家余额不足\"}";

        RefundCall signed = ANSWERS.refund(refund(refusal, true), ORDER);
        RefundCall unsigned = ANSWERS.refund(refund(refusal, false), ORDER);

        assertThat(signed).isEqualTo(new RefundCall.Refused(null, "ACQ.SELLER_BALANCE_NOT_ENOUGH", "卖家余额不足"));
        assertThat(unsigned).isInstanceOf(RefundCall.Unknown.class);
    }

    @Test
    void aSystemErrorAnUnknownCodeOrAnAnswerWithoutFundChangeIsUnknown() throws Exception {
        assertThat(ANSWERS.refund(refund("{\"code\":\"40004\",\"msg\":\"Business Failed\","
                + "\"sub_code\":\"ACQ.SYSTEM_ERROR\",\"sub_msg\":\"系统错误\"}", true), ORDER))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(ANSWERS.refund(refund(
                "{\"code\":\"20000\",\"msg\":\"Service Currently Unavailable\"," + "\"sub_code\":\"aop.unknow-error\"}",
                true), ORDER))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(ANSWERS.refund(refund("{\"code\":\"10000\",\"msg\":\"Success\"}", true), ORDER))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(ANSWERS.refund(refund("{\"msg\":\"Success\"}", true), ORDER)).isInstanceOf(RefundCall.Unknown.class);
    }

    @Test
    void aQueryWithoutDataIsNotFoundWithDataAcceptedAndWithRefundSuccessSucceeded() throws Exception {
        assertThat(ANSWERS.query(query("{\"code\":\"10000\",\"msg\":\"Success\"}", true), ORDER))
            .isInstanceOf(RefundCall.NotFound.class);
        assertThat(ANSWERS.query(query("{\"code\":\"10000\",\"msg\":\"Success\",\"out_request_no\":\"RF-1\","
                + "\"refund_amount\":\"20.00\",\"total_amount\":\"100.00\"}", true), ORDER))
            .isEqualTo(new RefundCall.Accepted("RF-1"));
        assertThat(ANSWERS.query(query("{\"code\":\"10000\",\"msg\":\"Success\",\"out_request_no\":\"RF-1\","
                + "\"refund_amount\":\"20.00\",\"refund_status\":\"REFUND_SUCCESS\"}", true), ORDER))
            .isEqualTo(new RefundCall.Succeeded("RF-1", NOW));
    }

    @Test
    void aQueryNamingAnotherAmountOrRefundIsUnknown() throws Exception {
        assertThat(ANSWERS.query(query("{\"code\":\"10000\",\"msg\":\"Success\",\"out_request_no\":\"RF-1\","
                + "\"refund_amount\":\"25.00\",\"refund_status\":\"REFUND_SUCCESS\"}", true), ORDER))
            .isInstanceOf(RefundCall.Unknown.class);
        assertThat(ANSWERS.query(query("{\"code\":\"10000\",\"msg\":\"Success\",\"out_request_no\":\"RF-2\","
                + "\"refund_amount\":\"20.00\",\"refund_status\":\"REFUND_SUCCESS\"}", true), ORDER))
            .isInstanceOf(RefundCall.Unknown.class);
    }

    @Test
    void aTradeAlipayDoesNotKnowIsNotFoundOnlyWhenSigned() throws Exception {
        String notExist = "{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.TRADE_NOT_EXIST\","
                + "\"sub_msg\":\"交易不存在\"}";

        assertThat(ANSWERS.query(query(notExist, true), ORDER)).isInstanceOf(RefundCall.NotFound.class);
        assertThat(ANSWERS.query(query(notExist, false), ORDER)).isInstanceOf(RefundCall.Unknown.class);
    }

    private static AlipayTradeRefundResponse refund(String node, boolean signed) throws AlipayApiException {
        return parse(AlipayTradeRefundResponse.class, "alipay_trade_refund_response", node, signed);
    }

    private static AlipayTradeFastpayRefundQueryResponse query(String node, boolean signed) throws AlipayApiException {
        return parse(AlipayTradeFastpayRefundQueryResponse.class, "alipay_trade_fastpay_refund_query_response", node,
                signed);
    }

    private static <T extends AlipayResponse> T parse(Class<T> type, String name, String node, boolean signed)
            throws AlipayApiException {
        String body = "{\"" + name + "\":" + node + (signed ? ",\"sign\":\"c2lnbmVk\"" : "") + "}";
        T response = new ObjectJsonParser<>(type).parse(body);
        response.setBody(body);
        return response;
    }

}
