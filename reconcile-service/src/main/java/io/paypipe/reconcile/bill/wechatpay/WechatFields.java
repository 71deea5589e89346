package io.paypipe.reconcile.bill.wechatpay;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One back-ticked row of the bill (a detail row or the summary row), its fields read by
 * column name: amounts exactly in minor units, fees rounded HALF_UP from WeChat's five
 * decimals, times in Beijing time. Any field that is not what it must be is a
 * {@link BillFormatException} naming the line and the column.
 */
final class WechatFields {

    static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

    /**
     * WeChat's fee: five decimals ("0.00000"), negative on a refund (the fee given back).
     */
    private static final Pattern FEE = Pattern.compile("-?(0|[1-9][0-9]{0,15})(\\.[0-9]{1,5})?");

    private static final Pattern COUNT = Pattern.compile("0|[1-9][0-9]{0,17}");

    private final long lineNumber;

    private final List<String> columns;

    private final String[] values;

    private WechatFields(long lineNumber, List<String> columns, String[] values) {
        this.lineNumber = lineNumber;
        this.columns = columns;
        this.values = values;
    }

    /**
     * Splits a row whose every field starts with a backtick: the separator is {@code ,`},
     * so a comma inside a product name does not shift a column.
     */
    static WechatFields split(long lineNumber, String line, List<String> columns) {
        if (!line.startsWith("`")) {
            throw new BillFormatException(lineNumber, "a row field without its leading backtick");
        }
        String[] values = line.substring(1).split(",`", -1);
        if (values.length != columns.size()) {
            throw new BillFormatException(lineNumber, "expected " + columns.size() + " fields, found " + values.length);
        }
        return new WechatFields(lineNumber, columns, values);
    }

    String text(String column) {
        int index = columns.indexOf(column);
        if (index < 0) {
            throw new IllegalStateException("no column " + column);
        }
        return values[index].strip();
    }

    String required(String column) {
        String value = text(column);
        if (value.isEmpty()) {
            throw new BillFormatException(lineNumber, column + " is empty");
        }
        return value;
    }

    Money amount(String column, String currency) {
        try {
            return Money.parseMajor(text(column), currency);
        }
        catch (IllegalArgumentException | ArithmeticException ex) {
            throw new BillFormatException(lineNumber, column + " is not an amount in " + currency, ex);
        }
    }

    /**
     * A fee in minor units, rounded HALF_UP (away from zero on a tie, whatever the sign)
     * from WeChat's five decimals: 0.00500 yuan is 1 fen, 0.00499 is 0.
     */
    Money fee(String column, String currency) {
        String value = text(column);
        if (!FEE.matcher(value).matches()) {
            throw new BillFormatException(lineNumber, column + " is not a fee");
        }
        try {
            BigDecimal minor = new BigDecimal(value).movePointRight(Money.fractionDigits(currency))
                .setScale(0, RoundingMode.HALF_UP);
            return Money.of(minor.longValueExact(), currency);
        }
        catch (IllegalArgumentException | ArithmeticException ex) {
            throw new BillFormatException(lineNumber, column + " is not a fee in " + currency, ex);
        }
    }

    Instant beijingTime(String column) {
        try {
            return LocalDateTime.parse(text(column), TIME).atZone(BEIJING).toInstant();
        }
        catch (DateTimeParseException ex) {
            throw new BillFormatException(lineNumber, column + " is not a time yyyy-MM-dd HH:mm:ss", ex);
        }
    }

    long count(String column) {
        String value = text(column);
        if (!COUNT.matcher(value).matches()) {
            throw new BillFormatException(lineNumber, column + " is not a count");
        }
        return Long.parseLong(value);
    }

    String currency(String column) {
        String value = required(column);
        try {
            Money.fractionDigits(value);
            return value;
        }
        catch (IllegalArgumentException ex) {
            throw new BillFormatException(lineNumber, column + " is not an ISO 4217 currency", ex);
        }
    }

    long lineNumber() {
        return lineNumber;
    }

}
