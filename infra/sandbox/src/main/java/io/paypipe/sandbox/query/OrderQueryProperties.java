package io.paypipe.sandbox.query;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The channels' order query and close APIs in the sandbox
 * ({@code sandbox.order-queries.*}).
 *
 * @param timeoutHold how long a call failed with {@link QueryFault#TIMEOUT} is held
 * before its 504: longer than any caller waits
 */
@ConfigurationProperties("sandbox.order-queries")
public record OrderQueryProperties(@DefaultValue("30s") Duration timeoutHold) {
}
