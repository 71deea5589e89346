package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.alipay.AlipayTradeBook.Account;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The response nodes of Alipay's refund, refund query, trade query and trade close,
 * fields in Alipay's order ({@code code}, {@code msg}, then the rest alphabetically):
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

    /**
     * {@code alipay.trade.query}'s answer for a trade, as merchants have shared Alipay's
     * answers ({@code buyer_logon_id, buyer_pay_amount, buyer_user_id, buyer_user_type,
     * invoice_amount, out_trade_no, point_amount, receipt_amount, send_pay_date,
     * total_amount, trade_no, trade_status}): no amounts received and no
     * {@code send_pay_date} while unpaid; {@code TRADE_CLOSED} once closed unpaid or
     * fully refunded.
     */
    static Map<String, String> tradeQueried(Account account) {
        AlipayTrade trade = account.trade();
        boolean paid = account.paid();
        String buyerId = AlipayNotifications.buyerId(trade);
        Map<String, String> node = ok();
        node.put("buyer_logon_id", "138****" + buyerId.substring(12));
        node.put("buyer_pay_amount", AlipayTrade.yuan(paid ? trade.buyerPayFen() : 0));
        node.put("buyer_user_id", buyerId);
        node.put("buyer_user_type", "PRIVATE");
        node.put("invoice_amount", AlipayTrade.yuan(paid ? trade.receiptFen() : 0));
        node.put("out_trade_no", trade.outTradeNo());
        node.put("point_amount", "0.00");
        node.put("receipt_amount", AlipayTrade.yuan(paid ? trade.receiptFen() : 0));
        if (paid && account.paidAt() != null) {
            node.put("send_pay_date", AlipayNotifications.DATE_TIME.format(account.paidAt()));
        }
        node.put("total_amount", AlipayTrade.yuan(trade.totalFen()));
        node.put("trade_no", trade.tradeNo());
        node.put("trade_status", status(account));
        return node;
    }

    /** The trade's {@code trade_status} now. */
    static String status(Account account) {
        AlipayTrade trade = account.trade();
        if (account.paid() && account.refundedFen() >= trade.totalFen()) {
            return AlipayTrade.TRADE_CLOSED;
        }
        return trade.tradeStatus();
    }

    /** {@code alipay.trade.close}'s answer: the trade closed. */
    static Map<String, String> closed(AlipayTrade trade) {
        Map<String, String> node = ok();
        node.put("out_trade_no", trade.outTradeNo());
        node.put("trade_no", trade.tradeNo());
        return node;
    }

    /**
     * What the gateway answers when it sheds load: {@code code 20000} with
     * {@code sub_code aop.ACQ.SYSTEM_ERROR}, the answer Alipay's support describes for
     * calls refused under too many invalid or excessive calls (developer.aliyun.com
     * ask/285430); Alipay publishes no rate-limit code of its own for the trade APIs.
     */
    static Map<String, String> unavailable() {
        Map<String, String> node = new LinkedHashMap<>();
        node.put("code", "20000");
        node.put("msg", "Service Currently Unavailable");
        node.put("sub_code", "aop.ACQ.SYSTEM_ERROR");
        node.put("sub_msg", "系统异常");
        return node;
    }

}
