package io.paypipe.sandbox.wechatpay;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.json.JsonMapper;

/**
 * The body of WeChat Pay's order query answer: the transaction (CHANNELS.md §1.3) with
 * its keys in alphabetical order, as WeChat's answers come (answers shared by merchants:
 * {@code {"amount":{"payer_currency":"CNY","total":1},"appid":"…","mchid":"…","out_trade_no":"…","promotion_detail":[],"scene_info":{"device_id":""},"trade_state":"NOTPAY","trade_state_desc":"订单未支付"}}).
 * An unpaid order ({@code NOTPAY}, {@code CLOSED}, {@code USERPAYING}, {@code PAYERROR})
 * has no {@code transaction_id}, payer, bank or success time, and only {@code total} and
 * {@code payer_currency} as its amount; a paid one has them all, with {@code trade_state}
 * {@code REFUND} once a refund was made.
 */
final class TransactionQueryJson {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private TransactionQueryJson() {
    }

    static byte[] transaction(WechatPayOrder order, TradeState state) {
        Map<String, Object> tx = new TreeMap<>();
        WechatPaySandboxMerchant merchant = order.merchant();
        if (order.subMchid() != null) {
            tx.put("sp_appid", merchant.appId());
            tx.put("sp_mchid", merchant.merchantId());
            tx.put("sub_appid", merchant.subAppId(order.subMchid()));
            tx.put("sub_mchid", order.subMchid());
        }
        else {
            tx.put("appid", merchant.appId());
            tx.put("mchid", merchant.merchantId());
        }
        tx.put("out_trade_no", order.outTradeNo());
        tx.put("promotion_detail", List.of());
        tx.put("trade_state", state.name());
        tx.put("trade_state_desc", description(state));
        Map<String, Object> amount = new TreeMap<>();
        if (order.paid()) {
            PaymentSpec payment = order.payment();
            tx.put("attach", "");
            tx.put("bank_type", "OTHERS");
            tx.put("success_time", WechatPayNotifications.RFC3339.format(payment.successTime()));
            tx.put("trade_type", "JSAPI");
            tx.put("transaction_id", payment.transactionId());
            tx.put("payer", payer(order));
            amount.put("currency", payment.currency());
            amount.put("payer_currency", payment.currency());
            amount.put("payer_total", payment.payerTotalFen());
            amount.put("total", payment.totalFen());
        }
        else {
            tx.put("scene_info", Map.of("device_id", ""));
            amount.put("payer_currency", "CNY");
            amount.put("total", order.totalFen());
        }
        tx.put("amount", amount);
        return JSON.writeValueAsBytes(tx);
    }

    /** The payer as the payment's notification names it. */
    private static Map<String, Object> payer(WechatPayOrder order) {
        Map<String, Object> payer = new TreeMap<>();
        String openid = ResourceJson.openid(order.merchant().merchantId() + "|" + order.outTradeNo());
        if (order.subMchid() != null) {
            payer.put("sp_openid", openid);
            payer.put("sub_openid", ResourceJson.openid("sub|" + order.subMchid() + "|" + order.outTradeNo()));
        }
        else {
            payer.put("openid", openid);
        }
        return payer;
    }

    /**
     * WeChat's wording in query answers where merchants have shared it, else the enum's.
     */
    static String description(TradeState state) {
        return switch (state) {
            case NOTPAY -> "订单未支付";
            case CLOSED -> "订单已关闭";
            default -> state.description();
        };
    }

}
