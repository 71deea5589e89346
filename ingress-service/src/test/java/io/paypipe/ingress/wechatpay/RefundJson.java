package io.paypipe.ingress.wechatpay;

import com.google.gson.Gson;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decrypted {@code resource} of a refund notification, shaped like WeChat's, for
 * tests.
 */
final class RefundJson {

    static final String SUCCESS_TIME = "2026-11-30T11:00:01+08:00";

    private final Map<String, Object> fields = new LinkedHashMap<>();

    private final Map<String, Object> amount = new LinkedHashMap<>();

    private RefundJson() {
    }

    /** REFUND.SUCCESS: {@code refund} of {@code total} fen went back to the payer. */
    static RefundJson success(String mchid, String outTradeNo, String transactionId, String outRefundNo, long total,
            long refund) {
        RefundJson r = new RefundJson();
        r.fields.put("mchid", mchid);
        r.fields.put("transaction_id", transactionId);
        r.fields.put("out_trade_no", outTradeNo);
        r.fields.put("refund_id", "50200207182018070300011301001");
        r.fields.put("out_refund_no", outRefundNo);
        r.fields.put("refund_status", "SUCCESS");
        r.fields.put("success_time", SUCCESS_TIME);
        r.fields.put("user_received_account", "招商银行信用卡0403");
        r.amount.put("total", total);
        r.amount.put("refund", refund);
        r.amount.put("payer_total", total);
        r.amount.put("payer_refund", refund);
        r.fields.put("amount", r.amount);
        return r;
    }

    /** Service-provider mode: sp_mchid + sub_mchid instead of mchid. */
    static RefundJson partnerSuccess(String spMchid, String subMchid, String outTradeNo, String transactionId,
            String outRefundNo, long total, long refund) {
        RefundJson r = success(spMchid, outTradeNo, transactionId, outRefundNo, total, refund);
        r.fields.remove("mchid");
        r.fields.put("sp_mchid", spMchid);
        r.fields.put("sub_mchid", subMchid);
        return r;
    }

    /** Another refund_status; success_time only comes with SUCCESS. */
    RefundJson status(String refundStatus) {
        fields.put("refund_status", refundStatus);
        if (!"SUCCESS".equals(refundStatus)) {
            fields.remove("success_time");
        }
        return this;
    }

    /**
     * The envelope's event_type for this status (REFUND.SUCCESS, REFUND.CLOSED,
     * REFUND.ABNORMAL).
     */
    String eventType() {
        Object status = fields.get("refund_status");
        return "REFUND." + (status instanceof String s && s.matches("SUCCESS|CLOSED|ABNORMAL") ? s : "SUCCESS");
    }

    RefundJson set(String field, Object value) {
        fields.put(field, value);
        return this;
    }

    RefundJson without(String field) {
        fields.remove(field);
        return this;
    }

    RefundJson amount(String field, Object value) {
        amount.put(field, value);
        return this;
    }

    String json() {
        return new Gson().toJson(fields);
    }

}
