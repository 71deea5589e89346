package io.paypipe.refund.channel;

import java.time.Instant;

/**
 * What a channel answered to a refund or a refund query. Only {@link Refused} is a
 * definite "no" that may mark a refund FAIL; {@link Unknown} (a timeout, a 5xx, an answer
 * the product does not know, a signature that does not verify) leaves it as it is for the
 * query ladder: never FAIL, never "try again with a new number".
 */
public sealed interface RefundCall {

    /** The channel took the refund; the money has not moved yet. */
    record Accepted(String channelRefundId) implements RefundCall {
    }

    /** The money went back. */
    record Succeeded(String channelRefundId, Instant succeededAt) implements RefundCall {
    }

    /**
     * The channel definitely refused or closed it (insufficient balance, not refundable,
     * refund closed): {@code code} is the channel's own code or status.
     */
    record Refused(String channelRefundId, String code, String message) implements RefundCall {
    }

    /**
     * A query found no refund with this number at the channel (it never arrived there).
     */
    record NotFound() implements RefundCall {
    }

    /** No usable answer: nothing may be concluded from it. */
    record Unknown(String why) implements RefundCall {
    }

}
