package io.paypipe.reconcile.bill;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Optional;

/**
 * One detail line of a channel's bill, whatever its format: a payment, a refund or a fee
 * line. {@code amount} is what the line moved (a payment's paid amount, a refund's
 * refunded amount, a fee line's fee), never negative, in the bill's currency and minor
 * units; {@code fee} is the channel's fee on the line (zero when the format has none).
 * {@code merchantId} is the merchant that owns the trade (the sub-merchant in
 * service-provider mode). {@code channelState} is the channel's own status word of the
 * line, kept as the bill writes it.
 *
 * @param lineNumber the line's number in the file (1 = the first line), for a person
 * looking at the file
 */
public record BillLine(long lineNumber, Channel channel, Kind kind, String merchantId, String channelTradeNo,
        Optional<String> outTradeNo, Optional<String> channelRefundId, Optional<String> refundNo, Money amount,
        Money fee, Instant occurredAt, String channelState) {

    public enum Kind {

        PAYMENT, REFUND, FEE

    }

}
