package io.paypipe.refund.refund;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.paypipe.refund.store.RefundRow;
import java.time.Instant;

/** A refund as the API answers it; amounts in minor units. */
record RefundView(@JsonProperty("refund_no") String refundNo, String merchant,
        @JsonProperty("out_trade_no") String outTradeNo, String channel,
        @JsonProperty("channel_trade_no") String channelTradeNo, long amount, String currency, String status,
        String source, String reason, @JsonProperty("requested_by") String requestedBy,
        @JsonProperty("channel_refund_id") String channelRefundId, String failure,
        @JsonProperty("created_at") Instant createdAt, @JsonProperty("accepted_at") Instant acceptedAt,
        @JsonProperty("finished_at") Instant finishedAt) {

    static RefundView of(RefundRow r) {
        return new RefundView(r.refundNo(), r.orderKey().merchantId().value(), r.orderKey().outTradeNo().value(),
                r.channel().code(), r.channelTradeNo().value(), r.amount().minor(), r.amount().currency(),
                r.status().name(), r.source().name(), r.reason(), r.requestedBy(), r.channelRefundId().orElse(null),
                r.failure().orElse(null), r.createdAt(), r.acceptedAt().orElse(null), r.finishedAt().orElse(null));
    }

}
