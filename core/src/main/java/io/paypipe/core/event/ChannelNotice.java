package io.paypipe.core.event;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import java.time.Instant;

/**
 * What every notification ingress verified and stored as a raw row has, whatever it is
 * about ({@link PaymentNotified}, {@link RefundNotified}): the raw row ({@code rawId},
 * also the {@code paypipe-raw-id} header of its record), the order and the channel's
 * trade it is about, the channel's state as classified and as the channel wrote it, and
 * when ingress received it. A consumer checks these before it acts on a notice.
 */
public interface ChannelNotice {

    EventId eventId();

    long rawId();

    Channel channel();

    OrderKey orderKey();

    ChannelTradeNo channelTradeNo();

    /** The state, classified the same way for every channel. */
    Enum<?> state();

    /** The state as the channel wrote it. */
    String channelState();

    Instant receivedAt();

}
