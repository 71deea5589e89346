package io.paypipe.sandbox.wechatpay;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The decrypted {@code resource} of a notification, with WeChat's field names and order:
 * a transaction or a refund.
 */
final class ResourceJson {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ResourceJson() {
    }

    /**
     * The transaction of {@code spec} ({@code success_time} = {@code now} unless the spec
     * has one).
     */
    static byte[] transaction(PaymentSpec spec, Instant now) {
        WechatPaySandboxMerchant merchant = spec.merchant();
        ObjectNode tx = JSON.createObjectNode();
        if (spec.partnerMode()) {
            tx.put("sp_appid", merchant.appId());
            tx.put("sp_mchid", merchant.merchantId());
            tx.put("sub_appid", merchant.subAppId(spec.subMchid()));
            tx.put("sub_mchid", spec.subMchid());
        }
        else {
            tx.put("appid", merchant.appId());
            tx.put("mchid", merchant.merchantId());
        }
        tx.put("out_trade_no", spec.outTradeNo());
        tx.put("transaction_id", spec.transactionId());
        tx.put("trade_type", "JSAPI");
        tx.put("trade_state", spec.tradeState().name());
        tx.put("trade_state_desc", spec.tradeState().description());
        tx.put("bank_type", "OTHERS");
        tx.put("attach", "");
        if (spec.tradeState() == TradeState.SUCCESS || spec.successTime() != null) {
            tx.put("success_time",
                    WechatPayNotifications.RFC3339.format(spec.successTime() != null ? spec.successTime() : now));
        }
        ObjectNode payer = tx.putObject("payer");
        String openid = openid(merchant.merchantId() + "|" + spec.outTradeNo());
        if (spec.partnerMode()) {
            payer.put("sp_openid", openid);
            payer.put("sub_openid", openid("sub|" + spec.subMchid() + "|" + spec.outTradeNo()));
        }
        else {
            payer.put("openid", openid);
        }
        ObjectNode amount = tx.putObject("amount");
        amount.put("total", spec.totalFen());
        amount.put("payer_total", spec.payerTotalFen());
        amount.put("currency", spec.currency());
        amount.put("payer_currency", spec.currency());
        return JSON.writeValueAsBytes(tx);
    }

    /**
     * The refund notice of {@code spec}, as in WeChat's REFUND.SUCCESS / REFUND.CLOSED
     * examples: ids, status, {@code success_time} for SUCCESS only, the receiving
     * account, amounts in fen (no currency field).
     */
    static byte[] refund(RefundSpec spec, Instant now) {
        ObjectNode refund = JSON.createObjectNode();
        if (spec.partnerMode()) {
            refund.put("sp_mchid", spec.merchant().merchantId());
            refund.put("sub_mchid", spec.subMchid());
        }
        else {
            refund.put("mchid", spec.merchant().merchantId());
        }
        refund.put("transaction_id", spec.transactionId());
        refund.put("out_trade_no", spec.outTradeNo());
        refund.put("refund_id", spec.refundId());
        refund.put("out_refund_no", spec.outRefundNo());
        refund.put("refund_status", spec.status().name());
        if (spec.status() == RefundStatus.SUCCESS) {
            refund.put("success_time",
                    WechatPayNotifications.RFC3339.format(spec.successTime() != null ? spec.successTime() : now));
        }
        refund.put("user_received_account", "支付用户零钱");
        ObjectNode amount = refund.putObject("amount");
        amount.put("total", spec.totalFen());
        amount.put("refund", spec.refundFen());
        amount.put("payer_total", spec.totalFen());
        amount.put("payer_refund", spec.refundFen());
        return JSON.writeValueAsBytes(refund);
    }

    /**
     * A stable, WeChat-shaped openid (28 characters, starting with {@code o}) for a
     * payer.
     */
    static String openid(String seed) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
            return "o" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, 27);
        }
        catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
