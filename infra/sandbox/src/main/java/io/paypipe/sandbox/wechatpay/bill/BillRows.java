package io.paypipe.sandbox.wechatpay.bill;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.FeeRates;
import io.paypipe.sandbox.bill.Settlement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The rows of one bill, in the order they are written: settlements the sandbox recorded,
 * or synthetic payments generated one by one as they are written (never held in memory).
 */
sealed interface BillRows extends Iterable<Settlement> {

    /** Rows made up by the sandbox: written with a made-up payer. */
    boolean generated();

    /** The settlements the book holds for the bill, oldest first. */
    record Recorded(List<Settlement> settlements) implements BillRows {

        public Recorded {
            settlements = List.copyOf(settlements);
        }

        @Override
        public Iterator<Settlement> iterator() {
            return settlements.iterator();
        }

        @Override
        public boolean generated() {
            return false;
        }

    }

    /**
     * {@code count} payments of {@code merchantId} on {@code day} (Beijing), the i-th
     * ({@code i} from 0) with trade number {@code GEN<yyyyMMdd><i, 9 digits>}, order
     * number {@code GENO<yyyyMMdd><i, 9 digits>}, paid {@code 100 + i % 1000} fen at the
     * WeChat fee, at {@code i * 86400 / count} seconds into the day: spread over the day,
     * oldest first.
     */
    record Generated(String merchantId, LocalDate day, long count) implements BillRows {

        private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

        private static final long[] FEES = fees();

        @Override
        public boolean generated() {
            return true;
        }

        @Override
        public Iterator<Settlement> iterator() {
            Instant start = day.atStartOfDay(BEIJING).toInstant();
            String date = DateTimeFormatter.BASIC_ISO_DATE.format(day);
            return new Iterator<>() {

                private long i;

                @Override
                public boolean hasNext() {
                    return i < count;
                }

                @Override
                public Settlement next() {
                    if (i >= count) {
                        throw new NoSuchElementException();
                    }
                    Settlement row = row(start, date, i);
                    i++;
                    return row;
                }

            };
        }

        private Settlement row(Instant start, String date, long i) {
            String number = date + nineDigits(i);
            int step = (int) (i % 1000);
            long amount = 100 + step;
            Instant at = start.plusSeconds(Math.multiplyExact(i, 86_400L) / count);
            return new Settlement(Channel.WECHATPAY, merchantId, Settlement.Kind.PAYMENT, Optional.of("GENO" + number),
                    "GEN" + number, Optional.empty(), Optional.empty(), amount, FEES[step], "CNY", at);
        }

        private static String nineDigits(long i) {
            String digits = Long.toString(i);
            return "0".repeat(Math.max(0, 9 - digits.length())) + digits;
        }

        private static long[] fees() {
            long[] fees = new long[1000];
            for (int step = 0; step < fees.length; step++) {
                fees[step] = FeeRates.feeMinor(Channel.WECHATPAY, 100 + step);
            }
            return fees;
        }

    }

}
