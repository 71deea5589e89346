package io.paypipe.reconcile.bill.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One row of the detail file as a {@link BillLine}. Fields are trimmed (Alipay pads IDs
 * with trailing blanks and tabs). 业务类型 {@code 交易} is a PAYMENT, {@code 退款} a REFUND, any
 * other word an error. {@code amount} is 商家实收（元） (what the footer totals), a refund's
 * written negative and kept as its magnitude; 订单金额（元） is checked for its format and sign
 * only. {@code fee} is 服务费（元）, kept as its magnitude (its sign in real bills is
 * unconfirmed). {@code occurredAt} is 完成时间 in Asia/Shanghai. A refund's {@code refundNo}
 * is 退款批次号/请求号 (the merchant's out_request_no); Alipay's bill has no refund id of its
 * own.
 */
final class AlipayRow {

    static final String CURRENCY = "CNY";

    static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    private static final int TRADE_NO = 0;

    private static final int OUT_TRADE_NO = 1;

    private static final int TYPE = 2;

    private static final int FINISHED = 5;

    private static final int ORDER_AMOUNT = 11;

    private static final int RECEIVED = 12;

    private static final int REFUND_NO = 21;

    private static final int FEE = 22;

    enum Sign {

        /** Written without a minus. */
        POSITIVE,
        /** Written with a minus (or zero). */
        NEGATIVE,
        /** Either; the magnitude is kept. */
        EITHER

    }

    private final String merchantId;

    AlipayRow(String merchantId) {
        this.merchantId = merchantId;
    }

    BillLine toLine(long lineNumber, String line) {
        List<String> fields = split(line);
        if (fields.size() != AlipayDetailReader.HEADER.size()) {
            throw new BillFormatException(lineNumber,
                    fields.size() + " fields, expected " + AlipayDetailReader.HEADER.size());
        }
        String type = fields.get(TYPE).strip();
        BillLine.Kind kind = switch (type) {
            case "交易" -> BillLine.Kind.PAYMENT;
            case "退款" -> BillLine.Kind.REFUND;
            default -> throw new BillFormatException(lineNumber, "unknown 业务类型: " + type);
        };
        String tradeNo = fields.get(TRADE_NO).strip();
        if (tradeNo.isEmpty()) {
            throw new BillFormatException(lineNumber, "blank 支付宝交易号");
        }
        Sign sign = kind == BillLine.Kind.PAYMENT ? Sign.POSITIVE : Sign.NEGATIVE;
        yuan(fields.get(ORDER_AMOUNT).strip(), sign, lineNumber, column(ORDER_AMOUNT));
        Money amount = yuan(fields.get(RECEIVED).strip(), sign, lineNumber, column(RECEIVED));
        Money fee = yuan(fields.get(FEE).strip(), Sign.EITHER, lineNumber, column(FEE));
        Optional<String> refundNo = kind == BillLine.Kind.REFUND ? optional(fields.get(REFUND_NO)) : Optional.empty();
        return new BillLine(lineNumber, Channel.ALIPAY, kind, merchantId, tradeNo, optional(fields.get(OUT_TRADE_NO)),
                Optional.empty(), refundNo, amount, fee, time(fields.get(FINISHED).strip(), lineNumber), type);
    }

    private static String column(int index) {
        return AlipayDetailReader.HEADER.get(index);
    }

    /** Splits on commas, keeping empty fields (Alipay writes no quotes). */
    static List<String> split(String line) {
        List<String> fields = new ArrayList<>(32);
        int start = 0;
        for (int comma = line.indexOf(','); comma >= 0; comma = line.indexOf(',', start)) {
            fields.add(line.substring(start, comma));
            start = comma + 1;
        }
        fields.add(line.substring(start));
        return fields;
    }

    /** A yuan amount, exactly, as its magnitude in fen; the sign is checked. */
    static Money yuan(String text, Sign sign, long lineNumber, String column) {
        boolean negative = text.startsWith("-");
        String digits = negative ? text.substring(1) : text;
        Money magnitude;
        try {
            magnitude = Money.parseMajor(digits, CURRENCY);
        }
        catch (IllegalArgumentException ex) {
            throw new BillFormatException(lineNumber, column + " is not a yuan amount: '" + text + "'", ex);
        }
        if (sign == Sign.POSITIVE && negative || sign == Sign.NEGATIVE && !negative && magnitude.minor() != 0) {
            throw new BillFormatException(lineNumber,
                    column + " has the wrong sign for its line: '" + text + "' (expected " + sign + ")");
        }
        return magnitude;
    }

    private static Instant time(String text, long lineNumber) {
        try {
            return LocalDateTime.parse(text, TIME).atZone(ZONE).toInstant();
        }
        catch (DateTimeParseException ex) {
            throw new BillFormatException(lineNumber, "完成时间 is not yyyy-MM-dd HH:mm:ss: '" + text + "'", ex);
        }
    }

    private static Optional<String> optional(String field) {
        String value = field.strip();
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

}
