package io.paypipe.sandbox.bill;

import io.paypipe.core.id.Channel;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One movement of money the sandbox's channel made, as its bill lists it: a payment it
 * took, a refund it paid back, or a fee it charged on its own line (Stripe's fee lines).
 *
 * @param merchantId the merchant the channel files it under (the order's merchant: mchid
 * or sub_mchid, app id, Stripe account)
 * @param outTradeNo the merchant's order number, empty for a fee line
 * @param channelTradeNo the channel's number of the payment (transaction_id, trade_no,
 * PaymentIntent id); for a refund or fee line, the payment it belongs to (a fee line of
 * no payment carries its own id)
 * @param refundNo the merchant's refund number (out_refund_no, out_request_no,
 * metadata.refund_no), empty for a refund made in the channel's dashboard and for
 * payments
 * @param channelRefundId the channel's refund id (refund_id, Stripe re_...), empty for
 * payments and fees
 * @param amountMinor what the line moved, never negative: the paid, refunded or fee
 * amount
 * @param feeMinor the channel's fee on the line (a payment's fee at the merchant's rate;
 * for a fee line, equal to {@code amountMinor}; zero for refunds unless given)
 * @param at when the channel settled it: paid (success_time, gmt_payment, created),
 * refunded, charged; the day of its bill is this instant's day in the channel's zone
 */
public record Settlement(Channel channel, String merchantId, Kind kind, Optional<String> outTradeNo,
        String channelTradeNo, Optional<String> refundNo, Optional<String> channelRefundId, long amountMinor,
        long feeMinor, String currency, Instant at) {

    public enum Kind {

        PAYMENT, REFUND, FEE

    }

    public Settlement {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(merchantId, "merchantId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(outTradeNo, "outTradeNo");
        Objects.requireNonNull(channelTradeNo, "channelTradeNo");
        Objects.requireNonNull(refundNo, "refundNo");
        Objects.requireNonNull(channelRefundId, "channelRefundId");
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(at, "at");
        if (amountMinor < 0 || feeMinor < 0) {
            throw new IllegalArgumentException("a settlement's amount and fee are never negative");
        }
    }

    /** A payment the channel took. */
    public static Settlement payment(Channel channel, String merchantId, String outTradeNo, String channelTradeNo,
            long amountMinor, long feeMinor, String currency, Instant paidAt) {
        return new Settlement(channel, merchantId, Kind.PAYMENT, Optional.of(outTradeNo), channelTradeNo,
                Optional.empty(), Optional.empty(), amountMinor, feeMinor, currency, paidAt);
    }

    /**
     * A refund the channel paid back ({@code refundNo} empty for a dashboard refund).
     */
    public static Settlement refund(Channel channel, String merchantId, String outTradeNo, String channelTradeNo,
            Optional<String> refundNo, String channelRefundId, long amountMinor, String currency, Instant refundedAt) {
        return new Settlement(channel, merchantId, Kind.REFUND, Optional.of(outTradeNo), channelTradeNo, refundNo,
                Optional.of(channelRefundId), amountMinor, 0, currency, refundedAt);
    }

    /** A fee the channel charged on its own line. */
    public static Settlement fee(Channel channel, String merchantId, String feeId, long amountMinor, String currency,
            Instant chargedAt) {
        return new Settlement(channel, merchantId, Kind.FEE, Optional.empty(), feeId, Optional.empty(),
                Optional.empty(), amountMinor, amountMinor, currency, chargedAt);
    }

}
