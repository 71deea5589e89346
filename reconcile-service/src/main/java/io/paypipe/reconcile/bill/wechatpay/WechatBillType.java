package io.paypipe.reconcile.bill.wechatpay;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The three trade bills of {@code GET /v3/bill/tradebill} ({@code bill_type} ALL,
 * SUCCESS, REFUND), each known by its exact detail header and its exact summary header
 * (pay.weixin.qq.com/docs/merchant/products/bill-download/format-trade.html, CHANNELS.md
 * §1.6). A header is one of these, column for column, or the bill is not read.
 */
enum WechatBillType {

    ALL("交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,"
            + "应结订单金额,代金券金额,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态,商品名称,商户数据包," + "手续费,费率,订单金额,申请退款金额,费率备注",
            "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额"),

    SUCCESS("交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,"
            + "应结订单金额,代金券金额,商品名称,商户数据包,手续费,费率,订单金额,费率备注", "总交易单数,应结订单总金额,手续费总金额,订单总金额"),

    REFUND("交易时间,公众账号ID,商户号,特约商户号,设备号,微信订单号,商户订单号,用户标识,交易类型,交易状态,付款银行,货币种类,"
            + "应结订单金额,代金券金额,退款申请时间,退款成功时间,微信退款单号,商户退款单号,退款金额,充值券退款金额,退款类型,退款状态," + "商品名称,商户数据包,手续费,费率,订单金额,申请退款金额,费率备注",
            "总交易单数,应结订单总金额,退款总金额,充值券退款总金额,手续费总金额,订单总金额,申请退款总金额");

    private final List<String> detailColumns;

    private final List<String> summaryColumns;

    WechatBillType(String detailHeader, String summaryHeader) {
        this.detailColumns = columns(detailHeader);
        this.summaryColumns = columns(summaryHeader);
    }

    /**
     * The bill type whose detail header has exactly these column names, in this order.
     */
    static Optional<WechatBillType> ofDetailHeader(String headerLine) {
        List<String> names = columns(headerLine);
        return Arrays.stream(values()).filter((type) -> type.detailColumns.equals(names)).findFirst();
    }

    boolean isSummaryHeader(String line) {
        return summaryColumns.equals(columns(line));
    }

    List<String> detailColumns() {
        return detailColumns;
    }

    List<String> summaryColumns() {
        return summaryColumns;
    }

    /**
     * Index of a column of the detail rows; -1 when this bill type has no such column.
     */
    int detailIndex(String column) {
        return detailColumns.indexOf(column);
    }

    int summaryIndex(String column) {
        return summaryColumns.indexOf(column);
    }

    private static List<String> columns(String headerLine) {
        return Arrays.stream(headerLine.split(",", -1)).map(String::strip).toList();
    }

}
