package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.config.IngressProperties;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Refuses notifications whose {@code Wechatpay-Timestamp} is too far from now, in either
 * direction. The SDK's NotificationParser checks no timestamp at all, so this is the only
 * replay window there is; replays inside the window are harmless duplicates (the raw
 * row's unique key).
 */
@Component
class ReplayWindow {

    private final Clock clock;

    private final Duration window;

    @Autowired
    ReplayWindow(Clock clock, IngressProperties properties) {
        this(clock, properties.replayWindow());
    }

    ReplayWindow(Clock clock, Duration window) {
        this.clock = clock;
        this.window = window;
    }

    Check<WechatPayHeaders> check(WechatPayHeaders headers) {
        Duration skew = Duration.between(headers.sentAt(), clock.instant()).abs();
        if (skew.compareTo(window) > 0) {
            return Check.reject(Rejection.STALE_TIMESTAMP, "timestamp " + headers.timestamp() + " is "
                    + skew.toSeconds() + "s away from now, window " + window.toSeconds() + "s");
        }
        return Check.ok(headers);
    }

}
