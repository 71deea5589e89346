package io.paypipe.bench.product;

/**
 * An order the benchmark creates and pays: a direct WeChat merchant's out_trade_no and
 * amount in fen.
 */
public record BenchOrder(String tenant, String merchantId, String outTradeNo, long amountFen) {
}
