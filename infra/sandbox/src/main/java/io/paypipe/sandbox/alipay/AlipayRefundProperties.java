package io.paypipe.sandbox.alipay;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The sandbox's Alipay gateway: refunds and bills ({@code sandbox.alipay.*}).
 *
 * @param refundMinInterval the least time between two refunds of one trade (Alipay: 3 s);
 * a new refund sooner is answered {@code ACQ.SYSTEM_ERROR}. Tests compress it.
 * @param refundSettleDelay how long a refund taken with {@code fund_change=N} (scenario
 * {@code ACCEPTED_THEN_SUCCESS}) takes to succeed
 * @param lostAnswerHold how long the gateway sits on a lost answer (scenario
 * {@code ANSWER_LOST}) before it answers 504; longer than the caller's read timeout
 * @param billUrlTtl how long a {@code bill_download_url} of
 * {@code alipay.data.dataservice.bill.downloadurl.query} can be downloaded (Alipay: 30 s)
 */
@ConfigurationProperties("sandbox.alipay")
public record AlipayRefundProperties(@DefaultValue("3s") Duration refundMinInterval,
        @DefaultValue("5s") Duration refundSettleDelay, @DefaultValue("30s") Duration lostAnswerHold,
        @DefaultValue("30s") Duration billUrlTtl) {
}
