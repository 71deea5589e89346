package io.paypipe.refund.refund;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * Our refund numbers: the channel's idempotency key (WeChat {@code out_refund_no}, Alipay
 * {@code out_request_no}, Stripe {@code Idempotency-Key}), so a format all three take:
 * letters, digits, {@code _} and {@code -}, at most 64 characters. A generated one is
 * {@code RF<yyyyMMddHHmmss><12 random characters>}; unique per merchant by the table's
 * key.
 */
@Component
class RefundNumbers {

    static final Pattern FORMAT = Pattern.compile("[0-9A-Za-z_-]{1,64}");

    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss")
        .withZone(ZoneOffset.UTC);

    private final SecureRandom random = new SecureRandom();

    private final Clock clock;

    RefundNumbers(Clock clock) {
        this.clock = clock;
    }

    String next() {
        StringBuilder no = new StringBuilder("RF").append(STAMP.format(clock.instant()));
        for (int i = 0; i < 12; i++) {
            no.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return no.toString();
    }

    static boolean valid(String refundNo) {
        return refundNo != null && FORMAT.matcher(refundNo).matches();
    }

}
