package io.paypipe.refund.query;

import io.paypipe.core.event.RefundQueryDue;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.inbound.RecordValues.Required;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code refund.query} and its retry topics, the query ladder
 * ({@link QueryRetryTopicsConfig}): on the main topic a refund is only put on the ladder
 * (it was sent a moment ago), on each level it is queried ({@link RefundQueries}).
 */
@Component
class RefundQueryListener {

    private final RefundQueries queries;

    RefundQueryListener(RefundQueries queries) {
        this.queries = queries;
    }

    @KafkaListener(id = "refund-query", topics = Topics.Names.REFUND_QUERY,
            containerFactory = "refundQueryContainerFactory")
    void onRefundQueryDue(ConsumerRecord<String, byte[]> record) {
        RefundQueryDue due = RecordValues.read(record, RefundQueryDue.class, RefundQueryListener::missing);
        queries.handle(due, !record.topic().equals(Topics.REFUND_QUERY.name()));
    }

    static List<String> missing(RefundQueryDue q) {
        var required = new Required().check("refundId", q.refundId() > 0)
            .field("eventId", q.eventId())
            .field("orderKey", q.orderKey())
            .field("refundNo", q.refundNo());
        if (q.orderKey() != null) {
            required.field("orderKey.merchantId", q.orderKey().merchantId());
        }
        return required.missing();
    }

}
