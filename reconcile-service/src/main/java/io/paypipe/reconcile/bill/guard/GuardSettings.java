package io.paypipe.reconcile.bill.guard;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * The guards' settings.
 *
 * @param dropShare a day with fewer lines than this share of the comparable day's lines
 * is blocked ({@link Guard#DROP}) unless a person confirms it; 0.10 (10 %) when not set
 * @param wrongDayGrace how far outside the bill's day a line's time may be and still
 * count as the day's (a payment at 23:59:58 settled at 00:00:02); 10 minutes when not set
 */
public record GuardSettings(BigDecimal dropShare, Duration wrongDayGrace) {

    public static final BigDecimal DEFAULT_DROP_SHARE = new BigDecimal("0.10");

    public static final Duration DEFAULT_WRONG_DAY_GRACE = Duration.ofMinutes(10);

    public GuardSettings {
        dropShare = (dropShare != null) ? dropShare : DEFAULT_DROP_SHARE;
        wrongDayGrace = (wrongDayGrace != null) ? wrongDayGrace : DEFAULT_WRONG_DAY_GRACE;
        if (dropShare.signum() < 0 || dropShare.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("dropShare must be between 0 and 1: " + dropShare);
        }
        if (wrongDayGrace.isNegative()) {
            throw new IllegalArgumentException("wrongDayGrace must not be negative: " + wrongDayGrace);
        }
    }

    public static GuardSettings defaults() {
        return new GuardSettings(null, null);
    }

}
