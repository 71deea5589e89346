package io.paypipe.refund.channel.alipay;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where refund-service calls Alipay ({@code refund.alipay.*}).
 *
 * @param gatewayUrl the openapi gateway ({@code https://openapi.alipay.com/gateway.do} in
 * production); by default the local sandbox's
 * @param connectTimeout bound on connecting to it; the read timeout is
 * {@code refund.channel-call-timeout}
 */
@ConfigurationProperties("refund.alipay")
public record AlipayRefundsProperties(
        @DefaultValue("http://127.0.0.1:8090/sandbox/alipay/gateway.do") String gatewayUrl,
        @DefaultValue("3s") Duration connectTimeout) {
}
