package io.paypipe.sandbox.alipay;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The lines of Alipay's trade bill files as published copies show them (CHANNELS.md §2.3)
 * and as reconcile-service's {@code AlipayBillParser} reads them: the {@code …_业务明细.csv}
 * title and {@code #} lines, its 25-column header, one row per trade or refund (IDs
 * padded with a tab, amounts in yuan with two decimals, a refund's written negative, a
 * payment's 服务费 negative), the end marker and the footer with the totals; and the
 * {@code …_业务明细(汇总).csv}. Times are Beijing time.
 */
final class AlipayBillCsv {

    static final ZoneId BEIJING = AlipayNotifications.BEIJING;

    static final String TITLE = "#支付宝业务明细查询";

    static final String LIST_START = "#-----------------------------------------业务明细列表----------------------------------------";

    static final String LIST_END = "#-----------------------------------------业务明细列表结束------------------------------------";

    static final List<String> HEADER = List.of("支付宝交易号", "商户订单号", "业务类型", "商品名称", "创建时间", "完成时间", "门店编号", "门店名称", "操作员",
            "终端号", "对方账户", "订单金额（元）", "商家实收（元）", "支付宝红包（元）", "集分宝（元）", "支付宝优惠（元）", "商家优惠（元）", "券核销金额（元）", "券名称",
            "商家红包消费金额（元）", "卡消费金额（元）", "退款批次号/请求号", "服务费（元）", "分润（元）", "备注");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(BEIJING);

    private static final DateTimeFormatter CHINESE_DAY = DateTimeFormatter.ofPattern("yyyy年MM月dd日");

    private static final DateTimeFormatter CHINESE_TIME = DateTimeFormatter.ofPattern("yyyy年MM月dd日 HH:mm:ss")
        .withZone(BEIJING);

    private static final String NO_AMOUNT = "0.00";

    private AlipayBillCsv() {
    }

    /**
     * The account the bill names ({@code #账号：[…]} and the file names): the app's seller
     * id and {@code 0156}, as Alipay's bills name the account.
     */
    static String account(String appId) {
        return AlipayMerchant.sellerIdFor(appId) + "0156";
    }

    /** {@code <account>_<yyyyMMdd>}, the stem of the zip's and its files' names. */
    static String stem(String appId, LocalDate day) {
        return account(appId) + "_" + day.format(DateTimeFormatter.BASIC_ISO_DATE);
    }

    /** The title, account, date range and list marker, then the header. */
    static List<String> preamble(String appId, LocalDate day) {
        return List.of(TITLE, "#账号：[" + account(appId) + "]", "#起始日期：[" + day.format(CHINESE_DAY)
                + " 00:00:00]   终止日期：[" + day.plusDays(1).format(CHINESE_DAY) + " 00:00:00]", LIST_START,
                String.join(",", HEADER));
    }

    /** One detail row. */
    static String row(AlipayBillRow row) {
        String amount = (row.refund() ? "-" : "") + yuan(row.amountFen());
        String fee = (row.feeFen() == 0) ? NO_AMOUNT : (row.refund() ? "" : "-") + yuan(row.feeFen());
        String finished = TIME.format(row.finishedAt());
        String created = TIME.format(row.refund() ? row.finishedAt() : row.finishedAt().minusSeconds(5));
        return new StringBuilder(320).append(row.tradeNo())
            .append("\t,")
            .append(row.outTradeNo())
            .append("\t,")
            .append(row.refund() ? "退款" : "交易")
            .append("\t,测试商品,")
            .append(created)
            .append(',')
            .append(finished)
            .append(",\t,\t,\t,\t,*测(138****0000)\t,")
            .append(amount)
            .append(',')
            .append(amount)
            .append(",0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,")
            .append(row.refundNo().orElse(""))
            .append("\t,")
            .append(fee)
            .append(",0.00,")
            .toString();
    }

    /**
     * The footer's totals lines ({@code paidFen} = the trades' 商家实收, {@code refundedFen}
     * the refunds', written negative) and the export time.
     */
    static List<String> footer(long trades, long paidFen, long refunds, long refundedFen, Instant exportedAt) {
        String refunded = (refundedFen == 0) ? NO_AMOUNT : "-" + yuan(refundedFen);
        return List.of("#交易合计：" + trades + "笔，商家实收共" + yuan(paidFen) + "元，商家优惠共0.00元",
                "#退款合计：" + refunds + "笔，商家实收退款共" + refunded + "元，商家优惠退款共0.00元",
                "#导出时间：[" + CHINESE_TIME.format(exportedAt) + "]");
    }

    /**
     * The {@code …_业务明细(汇总).csv}: one total row of the trades and refunds, amounts net of
     * the refunds.
     */
    static List<String> summary(String appId, long trades, long paidFen, long refunds, long refundedFen) {
        String net = signedYuan(paidFen - refundedFen);
        return List.of("#支付宝业务汇总查询", "#账号：[" + account(appId) + "]", "门店编号,门店名称,交易订单总笔数,退款订单总笔数,订单金额（元）,商家实收（元）",
                "合计,," + trades + "," + refunds + "," + net + "," + net);
    }

    private static String signedYuan(long fen) {
        return (fen < 0) ? "-" + yuan(-fen) : yuan(fen);
    }

    /** Fen as yuan with two decimals ({@code 10010} is {@code 100.10}), fen >= 0. */
    static String yuan(long fen) {
        long cents = fen % 100;
        return (fen / 100) + (cents < 10 ? ".0" : ".") + cents;
    }

}
