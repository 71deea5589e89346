package io.paypipe.reconcile.watch;

import io.paypipe.core.raw.RawOutcome;
import java.time.Instant;

/**
 * One answer row of {@code GET /watch/counts}: settlements of {@code outcome} for the
 * channel ({@code wechatpay}, {@code alipay}, {@code stripe}) and merchant in the minute
 * starting at {@code minute}.
 */
record CountRow(Instant minute, String channel, String merchant, RawOutcome outcome, long count) {
}
