package io.paypipe.bench.baseline;

/**
 * The fields of a verified, decrypted WeChat Pay transaction the baseline works with.
 * {@code merchantId} owns the order: the sub_mchid in partner mode, else the mchid. The
 * amount is {@code amount.total} in fen. {@code rawBody} is the notification as received,
 * kept in the callback log for replay (never logged).
 */
record PaidNotice(String merchantId, String outTradeNo, String transactionId, String tradeState, long totalFen,
        String currency, String rawBody) {

    static final String CHANNEL = "wxpay";

    boolean succeeded() {
        return "SUCCESS".equals(tradeState);
    }

    @Override
    public String toString() {
        return "PaidNotice[" + merchantId + "/" + outTradeNo + " " + transactionId + " " + tradeState + "]";
    }
}
