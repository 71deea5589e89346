package io.paypipe.sandbox.alipay;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sandbox's Alipay refund gateway ({@code sandbox.alipay.*}).
 *
 * @param refundMinInterval the least time between two refunds of one trade (Alipay: 3 s);
 * a new refund sooner is answered {@code ACQ.SYSTEM_ERROR}. Tests compress it.
 * @param refundSettleDelay how long a refund taken with {@code fund_change=N} (scenario
 * {@code ACCEPTED_THEN_SUCCESS}) takes to succeed
 * @param lostAnswerHold how long the gateway sits on a lost answer (scenario
 * {@code ANSWER_LOST}) before it answers 504; longer than the caller's read timeout
 */
@ConfigurationProperties("sandbox.alipay")
public record AlipayRefundProperties(@DefaultValue("3s") Duration refundMinInterval,
        @DefaultValue("5s") Duration refundSettleDelay, @DefaultValue("30s") Duration lostAnswerHold) {
}
