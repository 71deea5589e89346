package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.bill.guard.BillDay;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;

/**
 * One batch to compare: its {@code recon_batch} id (whose {@code recon_bill_line} rows
 * are the bill as read), the channel and merchant, and the day with its bounds in the
 * channel's zone ({@link BillDay}): {@code [dayStart, dayEnd)}. The bounds are given,
 * never computed from the server's zone.
 */
public record BatchScope(long batchId, Channel channel, String merchantId, LocalDate day, Instant dayStart,
        Instant dayEnd) {

    public BatchScope {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(day, "day");
        if (!dayStart.isBefore(dayEnd)) {
            throw new IllegalArgumentException("dayStart must be before dayEnd: " + dayStart + " " + dayEnd);
        }
    }

    /** The scope of batch {@code batchId}: {@code merchantId}'s bill of {@code day}. */
    public static BatchScope of(long batchId, BillDay day, String merchantId) {
        return new BatchScope(batchId, day.channel(), merchantId, day.day(), day.start(), day.end());
    }

    @Override
    public String toString() {
        return "batch " + batchId + " (" + channel.code() + " merchant " + merchantId + " " + day + ")";
    }

}
