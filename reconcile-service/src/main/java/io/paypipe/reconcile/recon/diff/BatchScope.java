package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.id.Channel;
import java.time.Instant;
import java.time.LocalDate;

/**
 * What one comparison is about: the lines of batch {@code batchId} in
 * {@code recon_bill_line}, for a merchant's day at a channel, bounded in the channel's
 * zone ({@code [dayStart, dayEnd)}).
 */
public record BatchScope(long batchId, Channel channel, String merchantId, LocalDate day, Instant dayStart,
        Instant dayEnd) {
}
