package io.paypipe.channel.query;

import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.money.Money;
import java.time.Instant;
import java.util.Optional;

/**
 * What a channel answered to an order query, one record per row of the channel's explicit
 * answer table (each channel's {@code *QueryAnswers}). Only {@link Paid} and
 * {@link Refunded} say money arrived; {@link NotFound} is never "unpaid" (a wrong
 * merchant gets it too); {@link RateLimited} and {@link Failed} are transient;
 * {@link Unknown} is an answer the table does not know, for a person. The answers that
 * carry the channel's verbatim answer ({@code body}, for storage) never print it.
 */
public sealed interface QueryAnswer {

    /** The order is paid: {@code paidAmount} arrived at {@code paidAt}. */
    record Paid(ChannelTradeNo tradeNo, String channelState, Money orderAmount, Money paidAmount, Instant paidAt,
            String body) implements QueryAnswer {

        @Override
        public String toString() {
            return "Paid[" + tradeNo + " " + channelState + " " + paidAmount + " at " + paidAt + "]";
        }
    }

    /** Money arrived and (some) went back since: still a payment. */
    record Refunded(ChannelTradeNo tradeNo, String channelState, Money orderAmount, Money paidAmount, Instant paidAt,
            String body) implements QueryAnswer {

        @Override
        public String toString() {
            return "Refunded[" + tradeNo + " " + channelState + " " + paidAmount + " at " + paidAt + "]";
        }
    }

    /** The order was closed (or its payment failed for good) without money arriving. */
    record Closed(Optional<ChannelTradeNo> tradeNo, String channelState, String body) implements QueryAnswer {

        @Override
        public String toString() {
            return "Closed[" + tradeNo.map(ChannelTradeNo::value).orElse("-") + " " + channelState + "]";
        }
    }

    /** The order exists and is not paid yet. */
    record Waiting(String channelState) implements QueryAnswer {
    }

    /** The channel knows no such order for this merchant: never "unpaid". */
    record NotFound(String code) implements QueryAnswer {
    }

    record RateLimited(String code) implements QueryAnswer {
    }

    /**
     * No usable answer: a 5xx, a timeout, I/O, an answer not signed or not verifiable.
     */
    record Failed(String reason) implements QueryAnswer {
    }

    /** An answer the table does not know: goes to a person. */
    record Unknown(String what) implements QueryAnswer {
    }

}
