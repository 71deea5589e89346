package io.paypipe.bench.load;

import java.util.Map;

/**
 * One HTTP delivery the driver makes: a notification exactly as the channel sends it.
 * {@code duplicate} marks a second delivery of a notification already in the plan (WeChat
 * re-pushes the same bytes).
 */
public record Delivery(String outTradeNo, Map<String, String> headers, byte[] body, boolean duplicate) {
}
