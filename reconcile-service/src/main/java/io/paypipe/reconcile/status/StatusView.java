package io.paypipe.reconcile.status;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * {@code GET /status}: the morning numbers at {@code at}, for one merchant or all
 * ({@code merchant} null); {@code nonzero} is how many of them are not zero.
 */
record StatusView(Instant at, String merchant, int nonzero, List<NumberView> numbers) {

    /**
     * One number: its stable {@code name}, what it counts, the count and the oldest
     * example (null when the count is zero).
     */
    record NumberView(String name, String what, long count, Example oldest) {
    }

    /**
     * The oldest row counted: a raw row ({@code raw_id}), an order ({@code order_id}), a
     * reconciliation batch ({@code batch_id}) or difference ({@code diff_id}), and its
     * age in seconds at {@code at}, counted from {@code since}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Example(@JsonProperty("raw_id") Long rawId, @JsonProperty("order_id") Long orderId,
            @JsonProperty("batch_id") Long batchId, @JsonProperty("diff_id") Long diffId, String channel,
            String merchant, @JsonProperty("out_trade_no") String outTradeNo, Instant since,
            @JsonProperty("age_seconds") long ageSeconds) {
    }

}
