package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.alipay.AlipayTradeBook.Account;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The response nodes of Alipay's refund and refund query, fields in Alipay's order:
 * success ({@code code 10000}) and business failure ({@code code 40004} with
 * {@code sub_code} / {@code sub_msg}).
 */
final class AlipayReplies {

    private AlipayReplies() {
    }

    static Map<String, String> refunded(Account account, AlipayRefund refund, String fundChange) {
        AlipayTrade trade = account.trade();
        String buyerId = AlipayNotifications.buyerId(trade);
        Map<String, String> node = ok();
        node.put("buyer_logon_id", "138****" + buyerId.substring(12));
        node.put("buyer_user_id", buyerId);
        node.put("fund_change", fundChange);
        if (refund.succeeded()) {
            node.put("gmt_refund_pay", AlipayNotifications.DATE_TIME.format(refund.succeededAt()));
        }
        node.put("out_trade_no", trade.outTradeNo());
        node.put("refund_fee", AlipayTrade.yuan(account.refundedFen()));
        node.put("send_back_fee", AlipayTrade.yuan("Y".equals(fundChange) ? refund.amountFen() : 0));
        node.put("trade_no", trade.tradeNo());
        return node;
    }

    static Map<String, String> ok() {
        Map<String, String> node = new LinkedHashMap<>();
        node.put("code", "10000");
        node.put("msg", "Success");
        return node;
    }

    static Map<String, String> failed(String subCode, String subMsg) {
        Map<String, String> node = new LinkedHashMap<>();
        node.put("code", "40004");
        node.put("msg", "Business Failed");
        node.put("sub_code", subCode);
        node.put("sub_msg", subMsg);
        return node;
    }

    /**
     * The query's data for a refund found: amounts and, once it succeeded,
     * {@code refund_status=REFUND_SUCCESS} (and {@code gmt_refund_pay} when asked for in
     * {@code query_options}).
     */
    static void queried(Map<String, String> node, AlipayTrade trade, AlipayRefund refund, boolean gmtRefundPay) {
        node.put("out_request_no", refund.outRequestNo());
        node.put("out_trade_no", trade.outTradeNo());
        node.put("refund_amount", AlipayTrade.yuan(refund.amountFen()));
        if (refund.succeeded()) {
            node.put("refund_status", "REFUND_SUCCESS");
        }
        node.put("total_amount", AlipayTrade.yuan(trade.totalFen()));
        node.put("trade_no", trade.tradeNo());
        if (refund.succeeded() && gmtRefundPay) {
            node.put("gmt_refund_pay", AlipayNotifications.DATE_TIME.format(refund.succeededAt()));
        }
    }

}
