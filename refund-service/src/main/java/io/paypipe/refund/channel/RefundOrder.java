package io.paypipe.refund.channel;

import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.money.Money;

/**
 * One refund as a channel needs it: whose ({@code merchant}, with its outbound
 * credentials; {@code orderKey} names the sub-merchant in service-provider mode), of
 * which payment ({@code channelTradeNo}, whose total at the channel is
 * {@code tradeTotal}: the order amount, a coupon included, so more than the payer paid
 * when a coupon paid part of it; WeChat's refund {@code amount.total}, which Alipay's and
 * Stripe's refund calls do not carry), our {@code refundNo}, THIS refund's
 * {@code amount}, and a {@code reason} for the payer's statement (may be null).
 * {@code channelRefundId} is the channel's id once known (a query may use it), else null.
 */
public record RefundOrder(Merchant merchant, OrderKey orderKey, ChannelTradeNo channelTradeNo, String refundNo,
        Money amount, Money tradeTotal, String reason, String channelRefundId) {

    @Override
    public String toString() {
        return "RefundOrder[" + orderKey + " refund " + refundNo + " " + amount + "]";
    }
}
