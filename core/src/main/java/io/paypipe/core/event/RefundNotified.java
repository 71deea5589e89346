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
 * A verified refund notification, stored as row {@code rawId} of {@code pay_refund_raw}.
 * A refund is known by OUR refund number ({@code refundNo}: WeChat out_refund_no, Alipay
 * out_request_no / out_biz_no, Stripe the refund's {@code metadata.refund_no} or else its
 * id), which we generated before calling the channel. {@code channelRefundId} is the
 * channel's own id when it sent one, else null; {@code succeededAt} is null unless the
 * state is {@link RefundState#SUCCEEDED}; {@code spMerchantId} is null outside
 * service-provider mode.
 * <p>
 * {@code refundNo} is null for a refund made outside the product (the channel's
 * dashboard) that names none of ours: it is known by {@code channelRefundId} and matched
 * to its payment by {@code channelTradeNo}. Two amounts, one meaning each:
 * {@code refundAmount} is THIS refund's amount (null when the notice does not say it:
 * Alipay), {@code refundedTotal} what all refunds of the payment returned so far as the
 * channel reports it (Alipay's cumulative {@code refund_fee}, Stripe's
 * {@code amount_refunded}; null when the notice does not say it).
 */
public record RefundNotified(EventId eventId, long rawId, Channel channel, OrderKey orderKey,
        @Nullable MerchantId spMerchantId, @Nullable String refundNo, @Nullable String channelRefundId,
        ChannelTradeNo channelTradeNo, RefundState state, String channelState, @Nullable Money refundAmount,
        @Nullable Money refundedTotal, @Nullable Instant succeededAt, Instant receivedAt) implements ChannelNotice {

    public static EventId idFor(long rawId) {
        return EventId.derived("refund.notify", Long.toString(rawId));
    }
}
