package io.paypipe.sandbox.wechatpay;

/**
 * The errors WeChat Pay's refund and order APIs answer, as {@code {"code":...,
 * "message":...}} with their HTTP status. CHANNELS.md confirms only the shape,
 * SIGN_ERROR/401 and the order query's ORDER_NOT_EXIST/404 (and names FREQUENCY_LIMITED);
 * the refund codes and statuses follow WeChat's refund API page (PARAM_ERROR and
 * INVALID_REQUEST 400, NOT_ENOUGH 403, RESOURCE_NOT_EXISTS 404, SYSTEM_ERROR 500), the
 * close of a paid order ORDERPAID/400 and the rate limit FREQUENCY_LIMITED/429 follow the
 * issue's contract; messages not confirmed are the sandbox's own.
 */
public enum ApiError {

    /** Not JSON, or a required field missing. */
    PARAM_ERROR(400, "PARAM_ERROR", "参数错误"),
    /** A direct merchant named a sub_mchid, or a service provider none or not its own. */
    SUB_MCHID_MISMATCH(400, "PARAM_ERROR", "sub_mchid与mchid不匹配"),
    /** {@code amount.total} is not the trade's total. */
    TOTAL_MISMATCH(400, "PARAM_ERROR", "订单金额与原订单金额不一致"),
    /** Nothing of the trade is left to refund. */
    FULLY_REFUNDED(400, "INVALID_REQUEST", "订单已全额退款"),
    /** More than what remains refundable. */
    OVER_REFUND(400, "INVALID_REQUEST", "申请退款金额超过订单可退金额"),
    /** The Authorization header does not verify. */
    SIGN_ERROR(401, "SIGN_ERROR", "签名错误"),
    /** The merchant's balance cannot pay the refund. */
    NOT_ENOUGH(403, "NOT_ENOUGH", "基本账户余额不足，请充值后重新发起"),
    /** The trade a refund names is not one of the merchant's. */
    TRADE_NOT_EXISTS(404, "RESOURCE_NOT_EXISTS", "订单不存在"),
    /** A query for a refund number the merchant never used. */
    REFUND_NOT_EXISTS(404, "RESOURCE_NOT_EXISTS", "退款单不存在"),
    /** WeChat failed; call again with the same out_refund_no. */
    SYSTEM_ERROR(500, "SYSTEM_ERROR", "系统错误"),
    /**
     * An order query or close naming an order the calling merchant does not have
     * (unknown, or another merchant's).
     */
    ORDER_NOT_EXIST(404, "ORDER_NOT_EXIST", "订单不存在"),
    /** A close of an order that is paid. */
    ORDER_PAID(400, "ORDERPAID", "订单已支付"),
    /** Too many calls: the merchant's rate limit. */
    FREQUENCY_LIMITED(429, "FREQUENCY_LIMITED", "频率超限"),
    /**
     * A trade bill asked for a day not over yet (code per CHANNELS.md's bill step;
     * message the sandbox's own).
     */
    NO_STATEMENT_EXIST(400, "NO_STATEMENT_EXIST", "账单不存在"),
    /**
     * A bill download whose token is unknown, expired or another merchant's (code and
     * message the sandbox's own: WeChat's are not confirmed).
     */
    BILL_TOKEN_INVALID(400, "INVALID_REQUEST", "下载链接无效或已过期");

    private final int httpStatus;

    private final String code;

    private final String message;

    ApiError(int httpStatus, String code, String message) {
        this.httpStatus = httpStatus;
        this.code = code;
        this.message = message;
    }

    public int httpStatus() {
        return httpStatus;
    }

    public String code() {
        return code;
    }

    public String message() {
        return message;
    }

}
