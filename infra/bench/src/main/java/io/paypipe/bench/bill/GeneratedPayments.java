package io.paypipe.bench.bill;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The payments of the sandbox's GENERATED WeChat bill of one day, computed the way the
 * sandbox generates them ({@code BillRows.Generated} in infra/sandbox): the i-th of
 * {@code count} ({@code i} from 0) has trade number {@code GEN<yyyyMMdd><i, 9 digits>},
 * order number {@code GENO<the same>}, {@code 100 + i % 1000} fen, paid
 * {@code i * 86400 / count} seconds into the day in Beijing time. The benchmark seeds the
 * ledger with exactly these, so that the comparison finds every line equal.
 */
final class GeneratedPayments {

    static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    static final String CURRENCY = "CNY";

    /** The sandbox numbers lines with 9 digits. */
    static final long MAX_LINES = 1_000_000_000L;

    /** One generated payment. */
    record Payment(long index, String channelTradeNo, String outTradeNo, long amountMinor, Instant paidAt) {
    }

    private final LocalDate day;

    private final long count;

    private final Instant dayStart;

    private final String date;

    GeneratedPayments(LocalDate day, long count) {
        if (count <= 0 || count >= MAX_LINES) {
            throw new IllegalArgumentException("a generated bill has 1 to 999999999 lines, not " + count);
        }
        this.day = day;
        this.count = count;
        this.dayStart = day.atStartOfDay(BEIJING).toInstant();
        this.date = DateTimeFormatter.BASIC_ISO_DATE.format(day);
    }

    LocalDate day() {
        return day;
    }

    long count() {
        return count;
    }

    /** The start of the day in Beijing (inclusive). */
    Instant dayStart() {
        return dayStart;
    }

    /** The start of the next day in Beijing (exclusive end of this one). */
    Instant dayEnd() {
        return day.plusDays(1).atStartOfDay(BEIJING).toInstant();
    }

    /** What every generated trade number of the day starts with. */
    String tradeNoPrefix() {
        return "GEN" + date;
    }

    Payment nth(long i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("payment " + i + " of " + count);
        }
        String number = date + nineDigits(i);
        return new Payment(i, "GEN" + number, "GENO" + number, 100 + (i % 1000),
                dayStart.plusSeconds(Math.multiplyExact(i, 86_400L) / count));
    }

    private static String nineDigits(long i) {
        String digits = Long.toString(i);
        return "0".repeat(Math.max(0, 9 - digits.length())) + digits;
    }

}
