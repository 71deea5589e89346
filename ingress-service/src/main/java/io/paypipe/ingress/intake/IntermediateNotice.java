package io.paypipe.ingress.intake;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.TenantId;
import java.util.Objects;

/**
 * A verified notification without a final state (WeChat NOTPAY / USERPAYING, Alipay WAIT_BUYER_PAY, a
 * Stripe in-between event). {@code outTradeNo}, {@code channelTradeNo} and {@code notifyId} may be null.
 */
public record IntermediateNotice(Channel channel, TenantId tenantId, MerchantId merchantId, String outTradeNo,
                                 String channelTradeNo, String notifyId, String state, String rawBody) {

    public IntermediateNotice {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(tenantId, "tenantId");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(rawBody, "rawBody");
    }

    @Override
    public String toString() {
        return "IntermediateNotice[" + channel.code() + " " + merchantId + " " + outTradeNo + " " + state + "]";
    }
}
