package io.paypipe.reconcile.bill.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import java.time.Instant;
import java.util.Optional;

/**
 * Maps the rows of one bill type to {@link BillLine}s and its summary row to a
 * {@link BillSummary}.
 * <ul>
 * <li>A payment row: {@code PAYMENT}, amount = 应结订单金额, fee = 手续费, state = 交易状态, time =
 * 交易时间.</li>
 * <li>A refund row (every row of a REFUND bill; a row of an ALL bill with a 微信退款单号 that
 * is neither empty nor {@code 0}): {@code REFUND}, amount = 退款金额, refund ids = 微信退款单号 /
 * 商户退款单号, fee = 手续费 as written (negative: the fee given back), state = 退款状态 (交易状态 when
 * empty). Its time is 交易时间 in an ALL bill (the time the refund was started, per the
 * format) and 退款申请时间 in a REFUND bill, which states it explicitly.</li>
 * <li>merchant = 特约商户号 when not {@code 0} (service-provider mode), else 商户号.</li>
 * </ul>
 */
final class WechatRows {

    private final WechatBillType type;

    WechatRows(WechatBillType type) {
        this.type = type;
    }

    WechatBillType type() {
        return type;
    }

    BillLine detail(long lineNumber, String line) {
        WechatFields row = WechatFields.split(lineNumber, line, type.detailColumns());
        String currency = row.currency("货币种类");
        String subMerchant = row.text("特约商户号");
        String merchant = (subMerchant.isEmpty() || subMerchant.equals("0")) ? row.required("商户号") : subMerchant;
        String tradeNo = row.required("微信订单号");
        Optional<String> outTradeNo = optional(row.text("商户订单号"));
        Money fee = row.fee("手续费", currency);
        String tradeState = row.required("交易状态");
        if (isRefund(row, tradeState)) {
            Instant at = row.beijingTime((type == WechatBillType.REFUND) ? "退款申请时间" : "交易时间");
            String refundState = row.text("退款状态");
            return new BillLine(lineNumber, Channel.WECHATPAY, Kind.REFUND, merchant, tradeNo, outTradeNo,
                    Optional.of(row.required("微信退款单号")), optional(row.text("商户退款单号")), row.amount("退款金额", currency),
                    fee, at, refundState.isEmpty() ? tradeState : refundState);
        }
        return new BillLine(lineNumber, Channel.WECHATPAY, Kind.PAYMENT, merchant, tradeNo, outTradeNo,
                Optional.empty(), Optional.empty(), row.amount("应结订单金额", currency), fee, row.beijingTime("交易时间"),
                tradeState);
    }

    private boolean isRefund(WechatFields row, String tradeState) {
        return switch (type) {
            case SUCCESS -> false;
            case REFUND -> true;
            case ALL -> {
                String refundId = row.text("微信退款单号");
                boolean hasRefundId = !refundId.isEmpty() && !refundId.equals("0");
                if (!hasRefundId && tradeState.equals("REFUND")) {
                    throw new BillFormatException(row.lineNumber(), "a REFUND row without its 微信退款单号");
                }
                yield hasRefundId;
            }
        };
    }

    /**
     * The summary row. Its amounts carry no currency column: they are in {@code currency}
     * (the currency of the detail rows; CNY for a bill with none). paid = 应结订单总金额 (empty
     * for a REFUND bill, where it totals the refunded orders, not payment lines),
     * refunded = 退款总金额 (empty for a SUCCESS bill, which has none), fees = 手续费总金额 rounded
     * HALF_UP to minor units like the lines' fees.
     */
    BillSummary summary(long lineNumber, String line, String currency) {
        WechatFields row = WechatFields.split(lineNumber, line, type.summaryColumns());
        for (String column : type.summaryColumns()) {
            if (column.equals("手续费总金额")) {
                row.fee(column, currency);
            }
            else if (!column.equals("总交易单数")) {
                row.amount(column, currency);
            }
        }
        Optional<Money> paid = (type == WechatBillType.REFUND) ? Optional.empty()
                : Optional.of(row.amount("应结订单总金额", currency));
        Optional<Money> refunded = (type == WechatBillType.SUCCESS) ? Optional.empty()
                : Optional.of(row.amount("退款总金额", currency));
        return new BillSummary(row.count("总交易单数"), paid, refunded, Optional.of(row.fee("手续费总金额", currency)));
    }

    private static Optional<String> optional(String value) {
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

}
