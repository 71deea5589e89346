package io.paypipe.ingress.intake;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.TenantId;
import java.util.Objects;

/**
 * A verified notification kept in the event log ({@code pay_notify_event}) only, never in
 * a raw table: one without a final state (WeChat NOTPAY / USERPAYING, Alipay
 * WAIT_BUYER_PAY, a Stripe in-between event) or one the pipeline does not act on (a
 * Stripe event that is not ours). {@code outTradeNo}, {@code channelTradeNo} and
 * {@code notifyId} may be null.
 */
public record EventLogNotice(Channel channel, TenantId tenantId, MerchantId merchantId, String outTradeNo,
        String channelTradeNo, String notifyId, String state, String rawBody) {

    public EventLogNotice {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(tenantId, "tenantId");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(rawBody, "rawBody");
    }

    @Override
    public String toString() {
        return "EventLogNotice[" + channel.code() + " " + merchantId + " " + outTradeNo + " " + state + "]";
    }
}
