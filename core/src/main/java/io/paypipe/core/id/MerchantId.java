package io.paypipe.core.id;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A merchant number at a channel (WeChat mchid or sub_mchid, Alipay app id / seller,
 * Stripe account).
 */
public record MerchantId(@JsonValue String value) {

    public MerchantId {
        Ids.requireText(value, "MerchantId");
    }

    @JsonCreator
    public static MerchantId of(String value) {
        return new MerchantId(value);
    }

    @Override
    public String toString() {
        return value;
    }
}
