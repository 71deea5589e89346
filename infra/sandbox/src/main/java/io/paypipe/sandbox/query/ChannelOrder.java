package io.paypipe.sandbox.query;

import io.paypipe.core.id.Channel;

/**
 * An order as its channel holds it, in the channel's words.
 *
 * @param merchantId the merchant the channel files it under (the order's merchant: mchid
 * or sub_mchid, app id or authorising app, account)
 * @param state the channel's state: WeChat's {@code trade_state}, Alipay's
 * {@code trade_status}, Stripe's PaymentIntent {@code status}
 * @param channelTradeNo the channel's number: {@code transaction_id} (null until paid),
 * {@code trade_no}, the PaymentIntent id
 * @param amountMinor the order's amount in minor units (fen, cents)
 * @param paid whether the channel took the payment (refunds do not undo it)
 * @param closed whether the merchant closed (cancelled) it unpaid
 */
public record ChannelOrder(Channel channel, String merchantId, String outTradeNo, String state, String channelTradeNo,
        long amountMinor, String currency, boolean paid, boolean closed) {
}
