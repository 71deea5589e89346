package io.paypipe.refund.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param channelCallTimeout bound on one call to a channel's refund API
 */
@ConfigurationProperties("refund")
public record RefundProperties(@DefaultValue("10s") Duration channelCallTimeout) {
}
