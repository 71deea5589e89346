package io.paypipe.core.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The channel's number for one movement of money (WeChat transaction_id, Alipay trade_no,
 * Stripe PaymentIntent id).
 */
public record ChannelTradeNo(@JsonValue String value) {

    public ChannelTradeNo {
        Ids.requireText(value, "ChannelTradeNo");
    }

    @JsonCreator
    public static ChannelTradeNo of(String value) {
        return new ChannelTradeNo(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
