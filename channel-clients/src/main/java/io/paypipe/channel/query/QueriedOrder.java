package io.paypipe.channel.query;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.util.Objects;
import java.util.Optional;

/**
 * The order a query or close is about: whose ({@code orderKey} names the merchant, the
 * sub-merchant under {@code spMerchantId} in service-provider mode), at which channel,
 * for how much, and the channel's trade number once known (Stripe's PaymentIntent id: the
 * query retrieves it instead of searching).
 */
public record QueriedOrder(OrderKey orderKey, Optional<MerchantId> spMerchantId, Channel channel, Money amount,
        Optional<ChannelTradeNo> channelTradeNo) {

    public QueriedOrder {
        Objects.requireNonNull(orderKey, "orderKey");
        Objects.requireNonNull(spMerchantId, "spMerchantId");
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(channelTradeNo, "channelTradeNo");
    }

}
