package io.paypipe.sandbox.alipay;

import java.util.Objects;

/**
 * One Alipay trade as a notification describes it. {@code authAppId} is the app that owns
 * the order: the merchant's own app id in direct mode, the authorising merchant's app in
 * service-provider mode. Amounts are fen (CNY minor units); Alipay sends them as yuan
 * strings. {@code receiptFen} is what the merchant received, {@code buyerPayFen} what the
 * buyer paid; both default to the total.
 */
public record AlipayTrade(AlipayMerchant merchant, String authAppId, String outTradeNo, String tradeNo,
        String tradeStatus, long totalFen, long receiptFen, long buyerPayFen, String subject) {

    public static final String TRADE_SUCCESS = "TRADE_SUCCESS";

    public static final String TRADE_FINISHED = "TRADE_FINISHED";

    public static final String TRADE_CLOSED = "TRADE_CLOSED";

    public static final String WAIT_BUYER_PAY = "WAIT_BUYER_PAY";

    public AlipayTrade {
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(authAppId, "authAppId");
        Objects.requireNonNull(outTradeNo, "outTradeNo");
        Objects.requireNonNull(tradeNo, "tradeNo");
        Objects.requireNonNull(tradeStatus, "tradeStatus");
        Objects.requireNonNull(subject, "subject");
        if (!merchant.owns(authAppId)) {
            throw new IllegalArgumentException(authAppId + " is neither " + merchant.appId() + " nor one it acts for");
        }
        if (totalFen < 0 || receiptFen < 0 || buyerPayFen < 0) {
            throw new IllegalArgumentException("amounts must not be negative");
        }
    }

    /**
     * A paid trade ({@code TRADE_SUCCESS}) of {@code totalFen} at a direct app, or at
     * {@code authAppId} of an ISV.
     */
    public static AlipayTrade paid(AlipayMerchant merchant, String authAppId, String outTradeNo, String tradeNo,
            long totalFen) {
        return new AlipayTrade(merchant, authAppId, outTradeNo, tradeNo, TRADE_SUCCESS, totalFen, totalFen, totalFen,
                "测试商品 " + outTradeNo);
    }

    public static AlipayTrade paid(AlipayMerchant merchant, String outTradeNo, String tradeNo, long totalFen) {
        return paid(merchant, merchant.appId(), outTradeNo, tradeNo, totalFen);
    }

    /**
     * A trade created and not paid yet ({@code WAIT_BUYER_PAY}): the buyer opened the
     * cashier, nothing was received.
     */
    public static AlipayTrade waiting(AlipayMerchant merchant, String authAppId, String outTradeNo, String tradeNo,
            long totalFen) {
        return new AlipayTrade(merchant, authAppId, outTradeNo, tradeNo, WAIT_BUYER_PAY, totalFen, 0, 0,
                "测试商品 " + outTradeNo);
    }

    public AlipayTrade withTradeNo(String no) {
        return new AlipayTrade(merchant, authAppId, outTradeNo, no, tradeStatus, totalFen, receiptFen, buyerPayFen,
                subject);
    }

    /** The same trade filed under {@code app} (acting for {@code authApp}). */
    public AlipayTrade filedUnder(AlipayMerchant app, String authApp) {
        return new AlipayTrade(app, authApp, outTradeNo, tradeNo, tradeStatus, totalFen, receiptFen, buyerPayFen,
                subject);
    }

    public boolean serviceProviderMode() {
        return !authAppId.equals(merchant.appId());
    }

    public AlipayTrade withStatus(String status) {
        return new AlipayTrade(merchant, authAppId, outTradeNo, tradeNo, status, totalFen, receiptFen, buyerPayFen,
                subject);
    }

    public AlipayTrade withReceiptFen(long fen) {
        return new AlipayTrade(merchant, authAppId, outTradeNo, tradeNo, tradeStatus, totalFen, fen, fen, subject);
    }

    public AlipayTrade withTotalFen(long fen) {
        return new AlipayTrade(merchant, authAppId, outTradeNo, tradeNo, tradeStatus, fen, receiptFen, buyerPayFen,
                subject);
    }

    /** Fen as Alipay's yuan string with two decimals: 10010 -> {@code 100.10}. */
    public static String yuan(long fen) {
        return (fen / 100) + "." + String.format("%02d", fen % 100);
    }
}
