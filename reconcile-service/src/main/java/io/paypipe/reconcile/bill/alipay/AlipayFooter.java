package io.paypipe.reconcile.bill.alipay;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillSummary;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The footer after {@code #----业务明细列表结束----}, in the form of Alipay's bills as published
 * copies show it (CHANNELS.md §2.3 marks the exact wording unconfirmed, so only this form
 * is accepted, anything else is an error):
 *
 * <pre>
 * #交易合计：6笔，商家实收共0.06元，商家优惠共0.00元
 * #退款合计：4笔，商家实收退款共-0.04元，商家优惠退款共0.00元
 * #导出时间：[2019年09月17日 05:46:49]
 * </pre>
 *
 * The summary is {@code lines} = trades + refunds, {@code paid} = the trades' 商家实收,
 * {@code refunded} = the refunds' 商家实收 as a positive amount; the footer states no fee
 * total ({@code fees} empty). No totals at all (the file ends at or before the end
 * marker) = no summary. Only blank lines may follow.
 */
final class AlipayFooter {

    private static final Pattern TRADES = Pattern.compile("#交易合计：(\\d{1,18})笔，商家实收共(-?[0-9.]+)元，商家优惠共(-?[0-9.]+)元");

    private static final Pattern REFUNDS = Pattern
        .compile("#退款合计：(\\d{1,18})笔，商家实收退款共(-?[0-9.]+)元，商家优惠退款共(-?[0-9.]+)元");

    private static final Pattern EXPORTED = Pattern.compile("#导出时间：\\[[^\\]]*\\]");

    Optional<BillSummary> read(BufferedReader reader, AlipayDetailReader lines) throws IOException {
        String line = nextNonBlank(reader, lines);
        if (line == null) {
            return Optional.empty();
        }
        Matcher trades = match(TRADES, line, lines, "#交易合计：N笔，商家实收共X元，商家优惠共Y元");
        long tradeCount = Long.parseLong(trades.group(1));
        Money paid = AlipayRow.yuan(trades.group(2), AlipayRow.Sign.POSITIVE, lines.lineNumber(), "交易合计 商家实收");
        AlipayRow.yuan(trades.group(3), AlipayRow.Sign.POSITIVE, lines.lineNumber(), "交易合计 商家优惠");

        line = nextNonBlank(reader, lines);
        if (line == null) {
            throw new BillFormatException(lines.lineNumber(), "the footer has #交易合计 but no #退款合计");
        }
        Matcher refunds = match(REFUNDS, line, lines, "#退款合计：N笔，商家实收退款共-X元，商家优惠退款共-Y元");
        long refundCount = Long.parseLong(refunds.group(1));
        Money refunded = AlipayRow.yuan(refunds.group(2), AlipayRow.Sign.NEGATIVE, lines.lineNumber(), "退款合计 商家实收退款");
        AlipayRow.yuan(refunds.group(3), AlipayRow.Sign.NEGATIVE, lines.lineNumber(), "退款合计 商家优惠退款");

        line = nextNonBlank(reader, lines);
        if (line != null) {
            match(EXPORTED, line, lines, "#导出时间：[…]");
            line = nextNonBlank(reader, lines);
            if (line != null) {
                throw new BillFormatException(lines.lineNumber(), "unexpected line after the footer");
            }
        }
        return Optional.of(new BillSummary(Math.addExact(tradeCount, refundCount), Optional.of(paid),
                Optional.of(refunded), Optional.empty()));
    }

    private static Matcher match(Pattern pattern, String line, AlipayDetailReader lines, String expected) {
        Matcher m = pattern.matcher(line.strip());
        if (!m.matches()) {
            throw new BillFormatException(lines.lineNumber(), "unknown footer line, expected " + expected);
        }
        return m;
    }

    private static String nextNonBlank(BufferedReader reader, AlipayDetailReader lines) throws IOException {
        for (String line = lines.next(reader); line != null; line = lines.next(reader)) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }

}
