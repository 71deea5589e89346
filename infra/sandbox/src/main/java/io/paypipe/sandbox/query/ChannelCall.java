package io.paypipe.sandbox.query;

import io.paypipe.core.id.Channel;
import java.time.Instant;

/**
 * One order query or close call a channel received, as {@link ChannelCalls} records it.
 *
 * @param sequence the order calls arrived in, across channels
 * @param channel the channel called
 * @param operation query or close
 * @param callerId who signed the call: the mchid (or sp_mchid), the calling app id, the
 * account of the secret key
 * @param merchantId the order's merchant as the call names it (the mchid, the sub_mchid
 * in partner mode, the account) or, where the call names only the caller, the merchant of
 * the order it found (an Alipay ISV's authorising app); else the caller
 * @param outTradeNo the order number the call names or the PaymentIntent it found
 * carries; null when there is none
 * @param reference what the call named besides: a transaction_id, a trade_no, a
 * PaymentIntent id, a search query; null when nothing
 * @param at when the call arrived (the sandbox's clock)
 * @param httpStatus the answer's HTTP status (0: the answer was held past the caller's
 * timeout)
 * @param answer what the answer said: a trade state or status ({@code SUCCESS},
 * {@code WAIT_BUYER_PAY}, {@code succeeded}, {@code CLOSED}), or an error code
 * ({@code ORDER_NOT_EXIST}, {@code ACQ.TRADE_NOT_EXIST}, {@code resource_missing}), or a
 * fault ({@code RATE_LIMITED}, {@code SERVER_ERROR}, {@code TIMEOUT})
 */
public record ChannelCall(long sequence, Channel channel, Operation operation, String callerId, String merchantId,
        String outTradeNo, String reference, Instant at, int httpStatus, String answer) {

    /** What a call asked for. */
    public enum Operation {

        /**
         * WeChat's order query, Alipay's {@code alipay.trade.query}, Stripe's retrieve /
         * search.
         */
        QUERY,
        /** WeChat's close, Alipay's {@code alipay.trade.close}, Stripe's cancel. */
        CLOSE

    }

    /** Whether this call was about {@code order}. */
    public boolean concerns(OrderRef order) {
        return channel == order.channel() && order.outTradeNo().equals(outTradeNo)
                && order.merchantId().equals(merchantId);
    }

}
