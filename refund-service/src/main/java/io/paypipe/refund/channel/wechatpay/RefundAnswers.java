package io.paypipe.refund.channel.wechatpay;

import com.wechat.pay.java.core.exception.ServiceException;
import com.wechat.pay.java.service.refund.model.Refund;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Set;

/**
 * What WeChat Pay's answers mean for a refund. A refund ({@code status}): PROCESSING and
 * ABNORMAL (not final: the payer's account could not take it yet) are
 * {@link RefundCall.Accepted}, SUCCESS {@link RefundCall.Succeeded}, CLOSED
 * {@link RefundCall.Refused}; an answer about another refund number or another amount, or
 * with a status the SDK does not know, is {@link RefundCall.Unknown}. An error of the
 * create call is a refusal only when its code says the refund was definitely not made
 * ({@link #REFUSING_CODES}); of a query, {@code RESOURCE_NOT_EXISTS} is
 * {@link RefundCall.NotFound}. Every other error (SIGN_ERROR, FREQUENCY_LIMITED,
 * SYSTEM_ERROR, a code not known here) is {@link RefundCall.Unknown}.
 */
final class RefundAnswers {

    /**
     * Codes of the create call after which no refund exists: the merchant's balance
     * cannot pay it, the request breaks a business rule (more than remains refundable,
     * the order fully refunded or too old), a bad parameter, no such trade, no refund
     * permission, the payer's account abnormal.
     */
    static final Set<String> REFUSING_CODES = Set.of("NOT_ENOUGH", "INVALID_REQUEST", "PARAM_ERROR",
            "RESOURCE_NOT_EXISTS", "NO_AUTH", "USER_ACCOUNT_ABNORMAL");

    static final String NOT_EXISTS = "RESOURCE_NOT_EXISTS";

    private RefundAnswers() {
    }

    /** What a refund in an answer says about {@code order}'s refund. */
    static RefundCall ofRefund(Refund refund, RefundOrder order, Instant now) {
        if (refund == null || refund.getRefundId() == null || refund.getRefundId().isBlank()) {
            return new RefundCall.Unknown("an answer without a refund_id");
        }
        if (!order.refundNo().equals(refund.getOutRefundNo())) {
            return new RefundCall.Unknown("the answer is about another out_refund_no");
        }
        Long amount = refund.getAmount() == null ? null : refund.getAmount().getRefund();
        if (amount == null || amount != order.amount().minor()) {
            return new RefundCall.Unknown("the answer names another refund amount: " + amount);
        }
        if (refund.getStatus() == null) {
            return new RefundCall.Unknown("a refund status the SDK does not know");
        }
        String id = refund.getRefundId();
        return switch (refund.getStatus()) {
            case PROCESSING, ABNORMAL -> new RefundCall.Accepted(id);
            case SUCCESS -> new RefundCall.Succeeded(id, successTime(refund.getSuccessTime(), now));
            case CLOSED -> new RefundCall.Refused(id, "CLOSED", "the refund was closed");
        };
    }

    /** What an error answer to the create call means. */
    static RefundCall ofCreateError(ServiceException e) {
        int status = e.getHttpStatusCode();
        String code = e.getErrorCode();
        if (status >= 400 && status < 500 && code != null && REFUSING_CODES.contains(code)) {
            return new RefundCall.Refused(null, code, e.getErrorMessage());
        }
        return unknown(status, code);
    }

    /** What an error answer to a query means. */
    static RefundCall ofQueryError(ServiceException e) {
        if (e.getHttpStatusCode() == 404 && NOT_EXISTS.equals(e.getErrorCode())) {
            return new RefundCall.NotFound();
        }
        return unknown(e.getHttpStatusCode(), e.getErrorCode());
    }

    private static RefundCall unknown(int status, String code) {
        return new RefundCall.Unknown("HTTP " + status + " " + code);
    }

    private static Instant successTime(String text, Instant now) {
        if (text == null) {
            return now;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        }
        catch (DateTimeParseException e) {
            return now;
        }
    }

}
