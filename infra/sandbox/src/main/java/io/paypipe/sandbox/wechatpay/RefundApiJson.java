package io.paypipe.sandbox.wechatpay;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The bodies of WeChat Pay's refund API, with its field names and order (the SDK's
 * {@code refund.model.CreateRequest}, {@code Refund}, {@code Amount}): the create call
 * read, a refund and an error written.
 */
final class RefundApiJson {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private RefundApiJson() {
    }

    /**
     * The create call in {@code body}: {@code out_refund_no}, {@code transaction_id} or
     * {@code out_trade_no}, {@code amount.refund}, {@code amount.total} and
     * {@code amount.currency} CNY are required.
     * @throws IllegalArgumentException when it is not such a call
     */
    static WechatPayRefundDesk.CreateCall createCall(byte[] body) {
        JsonNode call;
        try {
            call = JSON.readTree(body);
        }
        catch (JacksonException e) {
            throw new IllegalArgumentException("not JSON");
        }
        JsonNode amount = call.path("amount");
        String outRefundNo = text(call, "out_refund_no");
        String transactionId = text(call, "transaction_id");
        String outTradeNo = text(call, "out_trade_no");
        if (outRefundNo == null || (transactionId == null && outTradeNo == null)
                || !amount.path("refund").isIntegralNumber() || !amount.path("total").isIntegralNumber()
                || !"CNY".equals(text(amount, "currency"))) {
            throw new IllegalArgumentException("a required field is missing");
        }
        long refund = amount.path("refund").asLong();
        long total = amount.path("total").asLong();
        if (refund <= 0 || total <= 0 || refund > total || outRefundNo.length() > 64) {
            throw new IllegalArgumentException("bad amount or out_refund_no");
        }
        return new WechatPayRefundDesk.CreateCall(text(call, "sub_mchid"), transactionId, outTradeNo, outRefundNo,
                refund, total);
    }

    /**
     * A refund as the create and query calls answer it: {@code success_time} only once
     * SUCCESS, the payer paid and gets back the whole amounts (no coupons).
     */
    static byte[] refund(RefundRecord refund) {
        RefundSpec spec = refund.spec();
        ObjectNode node = JSON.createObjectNode();
        node.put("refund_id", spec.refundId());
        node.put("out_refund_no", spec.outRefundNo());
        node.put("transaction_id", spec.transactionId());
        node.put("out_trade_no", spec.outTradeNo());
        node.put("channel", "ORIGINAL");
        node.put("user_received_account", "支付用户零钱");
        if (refund.successTime() != null) {
            node.put("success_time", WechatPayNotifications.RFC3339.format(refund.successTime()));
        }
        node.put("create_time", WechatPayNotifications.RFC3339.format(refund.createTime()));
        node.put("status", refund.status().name());
        node.put("funds_account", "AVAILABLE");
        ObjectNode amount = node.putObject("amount");
        amount.put("total", spec.totalFen());
        amount.put("refund", spec.refundFen());
        amount.putArray("from");
        amount.put("payer_total", spec.totalFen());
        amount.put("payer_refund", spec.refundFen());
        amount.put("settlement_refund", spec.refundFen());
        amount.put("settlement_total", spec.totalFen());
        amount.put("discount_refund", 0);
        amount.put("currency", "CNY");
        amount.put("refund_fee", 0);
        node.putArray("promotion_detail");
        return JSON.writeValueAsBytes(node);
    }

    /** {@code {"code":..., "message":...}}. */
    static byte[] error(ApiError error) {
        ObjectNode node = JSON.createObjectNode();
        node.put("code", error.code());
        node.put("message", error.message());
        return JSON.writeValueAsBytes(node);
    }

    private static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        return value.isString() && !value.asString().isBlank() ? value.asString() : null;
    }

}
