package io.paypipe.channel.alipay;

import java.time.Duration;
import java.util.Objects;

/**
 * Where Alipay's openapi gateway is and how long a call may take, as the calling
 * service's configuration says.
 *
 * @param gatewayUrl the gateway ({@code https://openapi.alipay.com/gateway.do} in
 * production, the sandbox's {@code /sandbox/alipay/gateway.do} locally)
 * @param connectTimeout bound on connecting
 * @param readTimeout bound on waiting for the answer; a call that takes longer has no
 * answer
 */
public record AlipayEndpoint(String gatewayUrl, Duration connectTimeout, Duration readTimeout) {

    public AlipayEndpoint {
        Objects.requireNonNull(gatewayUrl, "gatewayUrl");
        if (connectTimeout == null || !connectTimeout.isPositive() || readTimeout == null
                || !readTimeout.isPositive()) {
            throw new IllegalArgumentException("the Alipay connect and read timeouts must be positive");
        }
    }

}
