package io.paypipe.reconcile.bill.guard;

import io.paypipe.core.id.Channel;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * The day a channel's bill is for, bounded in the channel's own time zone (Asia/Shanghai
 * for WeChat Pay and Alipay, UTC for Stripe), never the server's: the same day gives the
 * same instants whatever the JVM's default zone is.
 */
public record BillDay(Channel channel, LocalDate day) {

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    public BillDay {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(day, "day");
    }

    /** The zone the channel cuts its bills in. */
    public ZoneId zone() {
        return switch (channel) {
            case WECHATPAY, ALIPAY -> BEIJING;
            case STRIPE -> ZoneOffset.UTC;
        };
    }

    /** The day's first instant (inclusive). */
    public Instant start() {
        return day.atStartOfDay(zone()).toInstant();
    }

    /** The next day's first instant (exclusive). */
    public Instant end() {
        return day.plusDays(1).atStartOfDay(zone()).toInstant();
    }

    @Override
    public String toString() {
        return channel.code() + " " + day + " (" + zone() + ")";
    }

}
