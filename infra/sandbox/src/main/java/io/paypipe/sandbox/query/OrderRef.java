package io.paypipe.sandbox.query;

import io.paypipe.core.id.Channel;
import java.util.Objects;

/**
 * One order as a channel files it: the channel, the merchant that owns the order (as the
 * order key names it: a WeChat mchid or sub_mchid, an Alipay app id or the app that
 * authorised an ISV, a Stripe account) and the merchant's order number.
 */
public record OrderRef(Channel channel, String merchantId, String outTradeNo) {

    public OrderRef {
        Objects.requireNonNull(channel, "channel");
        if (merchantId == null || merchantId.isBlank() || outTradeNo == null || outTradeNo.isBlank()) {
            throw new IllegalArgumentException("an order needs a merchant id and an out_trade_no");
        }
    }

    public static OrderRef of(Channel channel, String merchantId, String outTradeNo) {
        return new OrderRef(channel, merchantId, outTradeNo);
    }

}
