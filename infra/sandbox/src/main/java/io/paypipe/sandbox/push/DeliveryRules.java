package io.paypipe.sandbox.push;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How a channel delivers a notification: the delays before each re-push after a failed
 * attempt (real time, before {@code sandbox.time-compression}) and the answers that end a
 * delivery. Each channel holds its own ({@code WechatPayPayments.DELIVERY_RULES},
 * {@code AlipayPayments.DELIVERY_RULES}, {@code StripePayments.DELIVERY_RULES}).
 *
 * @param channel names the pusher's thread ({@code <channel>-pusher})
 * @param repushDelays delays before the 2nd, 3rd, ... attempt; after the last one the
 * pusher gives up
 * @param successAck which answers end a delivery
 */
public record DeliveryRules(String channel, List<Duration> repushDelays, SuccessAck successAck) {

    /**
     * What a channel accepts as the receiver's success ack; every other answer (or none)
     * is pushed again.
     */
    @FunctionalInterface
    public interface SuccessAck {

        boolean isSuccess(int httpStatus, String responseBody);

    }

    /** Any 2xx, whatever the body (Stripe). */
    public static final SuccessAck ANY_2XX = (status, body) -> status >= 200 && status < 300;

    public DeliveryRules {
        Objects.requireNonNull(channel, "channel");
        repushDelays = List.copyOf(repushDelays);
        Objects.requireNonNull(successAck, "successAck");
    }

    /** {@code delay / factor}, to the nanosecond (factor 1000 turns 15 s into 15 ms). */
    public static Duration compress(Duration delay, long factor) {
        return Duration.ofNanos(delay.toNanos() / factor);
    }

    /** The re-push delays divided by {@code timeCompression}. */
    public List<Duration> compressedDelays(long timeCompression) {
        return repushDelays.stream().map(d -> compress(d, timeCompression)).toList();
    }
}
