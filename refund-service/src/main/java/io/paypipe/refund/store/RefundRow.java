package io.paypipe.refund.store;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import io.paypipe.core.refund.RefundStatus;
import java.time.Instant;
import java.util.Optional;

/**
 * A row of {@code refund}: one refund of one payment ({@code channel},
 * {@code channelTradeNo} of order {@code orderId}), known by our {@code refundNo}, unique
 * per merchant. {@code amount} is this refund's amount.
 */
public record RefundRow(long id, String refundNo, OrderKey orderKey, Optional<MerchantId> spMerchantId, OrderId orderId,
        Channel channel, ChannelTradeNo channelTradeNo, Money amount, RefundStatus status, RefundSource source,
        Optional<Long> refundTaskId, String reason, String requestedBy, Optional<String> channelRefundId,
        Optional<String> failure, Instant createdAt, Optional<Instant> acceptedAt, Optional<Instant> finishedAt) {

    /** True when this row is the refund of {@code orderKey}'s merchant asked as such. */
    public boolean sameRequest(OrderKey key, Money requested) {
        return orderKey.equals(key) && amount.equals(requested);
    }

    @Override
    public String toString() {
        return "refund " + refundNo + " (id " + id + ", " + status + ", " + amount.minor() + " " + amount.currency()
                + ")";
    }

}
