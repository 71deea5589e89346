package io.paypipe.refund.channel.alipay;

import com.alipay.api.AlipayResponse;
import com.alipay.api.response.AlipayTradeFastpayRefundQueryResponse;
import com.alipay.api.response.AlipayTradeRefundResponse;
import io.paypipe.core.money.Money;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What Alipay's answers mean for a refund, after the SDK parsed and verified them. Alipay
 * has no refund id: a refund is known by its trade and {@code out_request_no} (our refund
 * number), which is what {@link RefundCall} carries as the channel's refund id.
 * <p>
 * Refund: code 10000 with {@code fund_change=Y} is Succeeded, with {@code N} Accepted
 * (also what Alipay answers a repeated {@code out_request_no}: no money moved this time,
 * the query tells). Query: {@code refund_status=REFUND_SUCCESS} is Succeeded; the
 * refund's data without a status Accepted (not refunded yet); no data at all NotFound
 * (Alipay: the request never arrived, send it again with the same number). A business
 * failure is Refused only for the sub codes that say for sure the refund was not and will
 * not be made, and only when the answer was signed: the SDK verifies an error answer only
 * if it carries a {@code sign}, so an unsigned refusal proves nothing. Everything else is
 * Unknown.
 */
final class AlipayAnswers {

    static final String SUCCESS = "10000";

    static final String BUSINESS_FAILED = "40004";

    /** Business failures after which the refund was definitely not made. */
    static final Set<String> DEFINITE_REFUSALS = Set.of("ACQ.SELLER_BALANCE_NOT_ENOUGH",
            "ACQ.REASON_TRADE_REFUND_FEE_ERR", "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", "ACQ.TRADE_NOT_EXIST",
            "ACQ.TRADE_HAS_FINISHED", "ACQ.TRADE_STATUS_ERROR", "ACQ.TRADE_NOT_ALLOW_REFUND",
            "ACQ.REASON_TRADE_BEEN_FREEZEN", "ACQ.BUYER_ERROR");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Clock clock;

    AlipayAnswers(Clock clock) {
        this.clock = clock;
    }

    RefundCall refund(AlipayTradeRefundResponse r, RefundOrder order) {
        if (SUCCESS.equals(r.getCode()) && r.isSuccess()) {
            return switch (String.valueOf(r.getFundChange())) {
                case "Y" -> new RefundCall.Succeeded(order.refundNo(), at(r.getGmtRefundPay()));
                case "N" -> new RefundCall.Accepted(order.refundNo());
                default -> new RefundCall.Unknown("alipay refund: code 10000 without fund_change Y or N");
            };
        }
        if (BUSINESS_FAILED.equals(r.getCode()) && DEFINITE_REFUSALS.contains(r.getSubCode()) && signed(r)) {
            return new RefundCall.Refused(null, r.getSubCode(), r.getSubMsg());
        }
        return unknown("alipay refund", r);
    }

    RefundCall query(AlipayTradeFastpayRefundQueryResponse r, RefundOrder order) {
        if (SUCCESS.equals(r.getCode()) && r.isSuccess()) {
            if (r.getOutRequestNo() == null && r.getRefundAmount() == null && r.getRefundStatus() == null) {
                return new RefundCall.NotFound();
            }
            if (r.getOutRequestNo() != null && !r.getOutRequestNo().equals(order.refundNo())) {
                return new RefundCall.Unknown("alipay refund query: answered for another out_request_no");
            }
            if (r.getRefundAmount() != null && !sameAmount(r.getRefundAmount(), order.amount())) {
                return new RefundCall.Unknown("alipay refund query: the refund's amount differs from ours");
            }
            if (r.getRefundStatus() == null) {
                return new RefundCall.Accepted(order.refundNo());
            }
            if (r.getRefundStatus().equals("REFUND_SUCCESS")) {
                return new RefundCall.Succeeded(order.refundNo(), at(r.getGmtRefundPay()));
            }
            return new RefundCall.Unknown("alipay refund query: refund_status " + r.getRefundStatus());
        }
        if (BUSINESS_FAILED.equals(r.getCode()) && "ACQ.TRADE_NOT_EXIST".equals(r.getSubCode()) && signed(r)) {
            return new RefundCall.NotFound();
        }
        return unknown("alipay refund query", r);
    }

    private Instant at(Date gmtRefundPay) {
        return gmtRefundPay == null ? clock.instant() : gmtRefundPay.toInstant();
    }

    private static boolean sameAmount(String yuan, Money amount) {
        try {
            return Money.parseMajor(yuan, amount.currency()).equals(amount);
        }
        catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** Whether the answer carried a {@code sign} (then the SDK verified it). */
    static boolean signed(AlipayResponse r) {
        if (r.getBody() == null) {
            return false;
        }
        try {
            JsonNode sign = JSON.readTree(r.getBody()).get("sign");
            return sign != null && sign.isString() && !sign.asString().isBlank();
        }
        catch (JacksonException e) {
            return false;
        }
    }

    private static RefundCall unknown(String what, AlipayResponse r) {
        return new RefundCall.Unknown(what + ": answered code " + r.getCode()
                + (r.getSubCode() == null ? "" : " " + r.getSubCode()) + (signed(r) ? "" : " (unsigned)"));
    }

}
