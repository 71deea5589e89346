package io.paypipe.reconcile.recon;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.bill.guard.BillDay;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;

/**
 * A request to reconcile a merchant's day at a channel.
 *
 * @param merchantId the merchant whose trades the bill lists (a WeChat sub-merchant in
 * service-provider mode, an Alipay app id, a Stripe account)
 * @param day the day in the channel's zone
 * @param confirmedBy the person who confirms a drop below the comparable day's share (the
 * DROP guard then lets the bill pass); empty for the scheduled runs
 */
public record RunRequest(Channel channel, String merchantId, LocalDate day, RunKind kind, Source source,
        Optional<String> confirmedBy) {

    public RunRequest {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(day, "day");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(confirmedBy, "confirmedBy");
        if (merchantId.isBlank() || merchantId.length() > 64) {
            throw new IllegalArgumentException("merchantId must be 1 to 64 characters");
        }
        if (confirmedBy.filter((by) -> by.isBlank() || by.length() > 64).isPresent()) {
            throw new IllegalArgumentException("confirmedBy must be 1 to 64 characters");
        }
    }

    public BillDay billDay() {
        return new BillDay(channel, day);
    }

    @Override
    public String toString() {
        return channel.code() + " " + merchantId + " " + day + " " + kind.code() + " (" + source.code() + ")";
    }

}
