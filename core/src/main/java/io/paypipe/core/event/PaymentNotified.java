package io.paypipe.core.event;

import org.jspecify.annotations.Nullable;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.time.Instant;

/**
 * A verified, decrypted channel notification that was stored as row {@code rawId} of
 * {@code pay_notify_raw}. {@code orderAmount} is what the order asked for (compared with
 * the order), {@code paidAmount} is what the payer paid (booked). {@code paidAt} is null
 * unless the state is {@link PaymentState#SUCCEEDED}; {@code spMerchantId} is null
 * outside service-provider mode.
 */
public record PaymentNotified(EventId eventId, long rawId, Channel channel, OrderKey orderKey,
        @Nullable MerchantId spMerchantId, ChannelTradeNo channelTradeNo, PaymentState state, String channelState,
        Money orderAmount, Money paidAmount, @Nullable Instant paidAt, Instant receivedAt) implements ChannelNotice {

    /**
     * The id of the notification itself: one per stored raw row, whatever the number of
     * deliveries.
     */
    public static EventId idFor(long rawId) {
        return EventId.derived("payment.notify", Long.toString(rawId));
    }
}
