package io.paypipe.refund.result;

import io.paypipe.core.money.Money;
import io.paypipe.core.refund.RefundStatus;
import io.paypipe.refund.channel.RefundCall;
import java.time.Instant;
import java.util.Optional;

/**
 * What a channel said that moves a refund (from its refund API's answer, a notification
 * or a query): accepted, succeeded (with the amount when the channel says this refund's
 * amount) or failed. A call without a usable answer moves nothing.
 */
public sealed interface Answer {

    RefundStatus status();

    /** The channel's refund id, if it said one. */
    String channelRefundId();

    record Accepted(String channelRefundId) implements Answer {
        @Override
        public RefundStatus status() {
            return RefundStatus.ACCEPTED;
        }
    }

    record Succeeded(String channelRefundId, Instant at, Optional<Money> amount) implements Answer {
        @Override
        public RefundStatus status() {
            return RefundStatus.SUCCESS;
        }
    }

    record Failed(String channelRefundId, String code, String message) implements Answer {
        @Override
        public RefundStatus status() {
            return RefundStatus.FAIL;
        }

        public String failure() {
            return code + (message == null || message.isBlank() ? "" : ": " + message);
        }
    }

    /** The answer a channel call carries; empty for NotFound and Unknown. */
    static Optional<Answer> of(RefundCall call) {
        return switch (call) {
            case RefundCall.Accepted a -> Optional.of(new Accepted(a.channelRefundId()));
            case RefundCall.Succeeded s ->
                Optional.of(new Succeeded(s.channelRefundId(), s.succeededAt(), Optional.empty()));
            case RefundCall.Refused r -> Optional.of(new Failed(r.channelRefundId(), r.code(), r.message()));
            case RefundCall.NotFound n -> Optional.empty();
            case RefundCall.Unknown u -> Optional.empty();
        };
    }

}
