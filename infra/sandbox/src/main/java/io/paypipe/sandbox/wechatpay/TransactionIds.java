package io.paypipe.sandbox.wechatpay;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.atomic.AtomicLong;

/**
 * WeChat-shaped {@code transaction_id}s: 28 digits, {@code 42000} + yyyyMMdd (China time)
 * + 15 digits, and {@code refund_id}s. Unique within the JVM (a counter) and very likely
 * across runs (a random per-JVM prefix and start).
 */
public final class TransactionIds {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd")
        .withZone(ZoneOffset.ofHours(8));

    private static final String RUN_PREFIX = WechatPayCrypto.randomDigits(5);

    private static final AtomicLong SEQUENCE = new AtomicLong(WechatPayCrypto.RANDOM.nextLong(1_000_000_000L));

    private TransactionIds() {
    }

    public static String next(Instant at) {
        long seq = SEQUENCE.getAndIncrement() % 10_000_000_000L;
        return "42000" + DAY.format(at) + RUN_PREFIX + String.format("%010d", seq);
    }

    public static String next() {
        return next(Instant.now());
    }

    /**
     * A WeChat-shaped {@code refund_id}: 29 digits, {@code 503} + yyyyMMdd + 18 digits.
     */
    public static String nextRefundId(Instant at) {
        long seq = SEQUENCE.getAndIncrement() % 10_000_000_000_000L;
        return "503" + DAY.format(at) + RUN_PREFIX + String.format("%013d", seq);
    }

    public static String nextRefundId() {
        return nextRefundId(Instant.now());
    }

}
