package io.paypipe.ingress.wechatpay;

import com.google.gson.Gson;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The decrypted {@code resource} of a payment notification, shaped like WeChat's, for
 * tests.
 */
final class PaymentJson {

    static final String SUCCESS_TIME = "2026-11-30T10:34:56+08:00";

    private final Map<String, Object> fields = new LinkedHashMap<>();

    private final Map<String, Object> amount = new LinkedHashMap<>();

    private PaymentJson() {
    }

    static PaymentJson success(String mchid, String outTradeNo, String transactionId, long total, long payerTotal) {
        PaymentJson p = new PaymentJson();
        p.fields.put("appid", TestMerchant.appIdFor(mchid));
        p.fields.put("mchid", mchid);
        p.fields.put("out_trade_no", outTradeNo);
        p.fields.put("transaction_id", transactionId);
        p.fields.put("trade_type", "JSAPI");
        p.fields.put("trade_state", "SUCCESS");
        p.fields.put("trade_state_desc", "支付成功");
        p.fields.put("bank_type", "CMC");
        p.fields.put("attach", "");
        p.fields.put("success_time", SUCCESS_TIME);
        p.fields.put("payer", Map.of("openid", openIdFor(outTradeNo)));
        p.amount.put("total", total);
        p.amount.put("payer_total", payerTotal);
        p.amount.put("currency", "CNY");
        p.amount.put("payer_currency", "CNY");
        p.fields.put("amount", p.amount);
        return p;
    }

    /**
     * Service-provider mode: sp_appid, sp_mchid, sub_appid and sub_mchid instead of appid
     * and mchid.
     */
    static PaymentJson partnerSuccess(String spMchid, String subMchid, String outTradeNo, String transactionId,
            long total, long payerTotal) {
        PaymentJson p = success(spMchid, outTradeNo, transactionId, total, payerTotal);
        p.fields.remove("appid");
        p.fields.remove("mchid");
        p.fields.put("sp_appid", TestMerchant.appIdFor(spMchid));
        p.fields.put("sp_mchid", spMchid);
        p.fields.put("sub_appid", TestMerchant.appIdFor(subMchid));
        p.fields.put("sub_mchid", subMchid);
        return p;
    }

    static String openIdFor(String outTradeNo) {
        return "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" + outTradeNo;
    }

    PaymentJson state(String tradeState) {
        fields.put("trade_state", tradeState);
        if (!"SUCCESS".equals(tradeState)) {
            fields.remove("success_time");
        }
        return this;
    }

    PaymentJson set(String field, Object value) {
        fields.put(field, value);
        return this;
    }

    PaymentJson without(String field) {
        fields.remove(field);
        return this;
    }

    PaymentJson amount(String field, Object value) {
        amount.put(field, value);
        return this;
    }

    PaymentJson withoutAmount(String field) {
        amount.remove(field);
        return this;
    }

    String json() {
        return new Gson().toJson(fields);
    }

}
