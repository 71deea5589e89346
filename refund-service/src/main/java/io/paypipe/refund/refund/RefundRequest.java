package io.paypipe.refund.refund;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OutTradeNo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The body of {@code POST /refunds}: whose order ({@code merchant}: the order's merchant,
 * the sub-merchant in service-provider mode; {@code out_trade_no}), how much
 * ({@code amount} in minor units of the order's currency; {@code currency}, if given,
 * must be it), why ({@code reason}, at most 80 characters: WeChat's limit) and optionally
 * our refund number ({@code refund_no}, else one is generated). Who asks
 * ({@code requested_by}) is the signed-in account: the controller sets it
 * ({@link #requestedBy(String)}); a body's own may only name that account.
 */
record RefundRequest(String merchant, @JsonProperty("out_trade_no") String outTradeNo, Long amount, String currency,
        String reason, @JsonProperty("refund_no") String refundNo, @JsonProperty("requested_by") String requestedBy) {

    static final int REASON_WIDTH = 80;

    /** What is wrong with it, one message per field; empty when it can be tried. */
    List<String> problems() {
        List<String> problems = new ArrayList<>();
        text(problems, "merchant", merchant, 64);
        text(problems, "out_trade_no", outTradeNo, 64);
        if (amount == null || amount <= 0) {
            problems.add("amount must be a positive whole number of minor units (fen, cents)");
        }
        if (currency != null && !currency.matches("[A-Z]{3}")) {
            problems.add("currency must be an upper-case ISO 4217 code");
        }
        text(problems, "reason", reason, REASON_WIDTH);
        text(problems, "requested_by", requestedBy, 64);
        if (refundNo != null && !RefundNumbers.valid(refundNo)) {
            problems.add("refund_no must be 1 to 64 letters, digits, '_' or '-'");
        }
        return problems;
    }

    /** The same request, asked by {@code person} (the signed-in account). */
    RefundRequest requestedBy(String person) {
        return new RefundRequest(merchant, outTradeNo, amount, currency, reason, refundNo, person);
    }

    MerchantId merchantId() {
        return MerchantId.of(merchant);
    }

    OutTradeNo outTradeNoId() {
        return OutTradeNo.of(outTradeNo);
    }

    Optional<String> ownRefundNo() {
        return Optional.ofNullable(refundNo);
    }

    private static void text(List<String> problems, String field, String value, int width) {
        if (value == null || value.isBlank()) {
            problems.add(field + " is required");
        }
        else if (value.length() > width) {
            problems.add(field + " is longer than " + width + " characters");
        }
    }

}
