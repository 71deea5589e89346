package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.FeeRates;
import io.paypipe.sandbox.bill.Settlement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The {@link io.paypipe.sandbox.bill.BillScenario#GENERATED} day of a Stripe account:
 * {@code lines} payments in USD, made one at a time while they are read (never held):
 * payment {@code i} (from 0) is PaymentIntent {@code GEN<yyyyMMdd><i, 9 digits>} of order
 * {@code GENO<yyyyMMdd><i, 9 digits>}, {@code 100 + i % 1000} cents with Stripe's fee at
 * {@link FeeRates}, at {@code from + i * (to - from) / lines} (whole seconds), so the
 * lines spread over the interval in time order.
 */
final class StripeGeneratedDay implements Iterable<Settlement> {

    static final String CURRENCY = "USD";

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);

    private final String account;

    private final Instant from;

    private final long spanSeconds;

    private final long lines;

    private final String day;

    StripeGeneratedDay(String account, Instant from, Instant to, long lines) {
        this.account = account;
        this.from = from;
        this.spanSeconds = to.getEpochSecond() - from.getEpochSecond();
        this.lines = lines;
        this.day = DAY.format(from);
    }

    /** Payment {@code i} (from 0). */
    Settlement line(long i) {
        long amount = 100 + i % 1000;
        String number = Long.toString(i);
        String suffix = day + "0".repeat(Math.max(0, 9 - number.length())) + number;
        Instant at = from.plusSeconds(Math.multiplyExact(i, spanSeconds) / lines);
        return Settlement.payment(Channel.STRIPE, account, "GENO" + suffix, "GEN" + suffix, amount,
                FeeRates.feeMinor(Channel.STRIPE, amount), CURRENCY, at);
    }

    @Override
    public Iterator<Settlement> iterator() {
        return new Iterator<>() {

            private long next;

            @Override
            public boolean hasNext() {
                return next < lines;
            }

            @Override
            public Settlement next() {
                if (next >= lines) {
                    throw new NoSuchElementException();
                }
                return line(next++);
            }

        };
    }

}
