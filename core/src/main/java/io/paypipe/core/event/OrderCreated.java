package io.paypipe.core.event;

import org.jspecify.annotations.Nullable;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.money.Money;
import java.time.Instant;

/**
 * The merchant's order system created an order that will be paid through {@code channel}.
 * {@code spMerchantId} is the service provider in service-provider mode, otherwise null;
 * the order's own merchant (the sub-merchant in that mode) is in the key.
 */
public record OrderCreated(EventId eventId, OrderKey orderKey, @Nullable MerchantId spMerchantId, Channel channel,
        Money amount, Instant createdAt) {
}
