package io.paypipe.sandbox.wechatpay;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * WeChat Pay's refund API in the sandbox ({@code sandbox.wechatpay-refunds.*}).
 *
 * @param scenario what a refund without a scenario of its own does (default: PROCESSING,
 * then SUCCESS)
 * @param settleAfter how long each later step of a refund takes (PROCESSING to SUCCESS,
 * to ABNORMAL, ...)
 * @param lostAnswerHold how long the answer of an {@link RefundScenario#ANSWER_LOST}
 * refund is held: longer than any caller waits
 */
@ConfigurationProperties("sandbox.wechatpay-refunds")
public record WechatPayRefundApiProperties(@DefaultValue("SUCCESS_LATER") RefundScenario scenario,
        @DefaultValue("2s") Duration settleAfter, @DefaultValue("20s") Duration lostAnswerHold) {
}
