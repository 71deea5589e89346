package io.paypipe.sandbox.bill;

import io.paypipe.core.id.Channel;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The zone each channel cuts its bills in: Asia/Shanghai for WeChat Pay and Alipay, UTC
 * for Stripe, whatever the sandbox's own zone.
 */
public final class BillZones {

    private static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    private BillZones() {
    }

    public static ZoneId zone(Channel channel) {
        return switch (channel) {
            case WECHATPAY, ALIPAY -> BEIJING;
            case STRIPE -> ZoneOffset.UTC;
        };
    }

    /** The first instant of {@code day} at {@code channel} (inclusive). */
    public static Instant start(Channel channel, LocalDate day) {
        return day.atStartOfDay(zone(channel)).toInstant();
    }

    /** The first instant of the next day (exclusive). */
    public static Instant end(Channel channel, LocalDate day) {
        return day.plusDays(1).atStartOfDay(zone(channel)).toInstant();
    }

}
