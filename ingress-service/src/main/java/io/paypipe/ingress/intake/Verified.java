package io.paypipe.ingress.intake;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;

/**
 * A verified payment or refund, as {@link RawIntake} reads it: what one raw table stores
 * and {@code E}, the event one topic carries, announces.
 */
sealed interface Verified<E> permits VerifiedPayment, VerifiedRefund {

    Channel channel();

    OrderKey orderKey();

    /** The state as the channel wrote it, compared with the one stored first. */
    String channelState();

    /**
     * The id log lines name it by: a payment's channel trade number, a refund's own
     * refund number.
     */
    String loggedId();

    /**
     * The event announcing it as raw row {@code rawId} (its event id derives from that),
     * received at {@code receivedAt}.
     */
    E event(long rawId, Instant receivedAt);

}
