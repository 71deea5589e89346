package io.paypipe.refund.notify;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.topic.Topics;
import io.paypipe.support.inbound.FailedAttempts;
import io.paypipe.support.inbound.RecordValues;
import io.paypipe.support.inbound.RecordValues.Required;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code refund.notify} and its retry topics ({@link NotifyRetryTopicsConfig})
 * as bytes, reads each record (one it cannot read, or whose raw-id header and value
 * disagree, goes straight to the dead-letter topic) and applies it
 * ({@link RefundNotices}). Each failed attempt counts on the raw row
 * ({@link FailedAttempts}).
 */
@Component
class RefundNotifiedListener {

    private final RefundNotices notices;

    private final FailedAttempts attempts;

    RefundNotifiedListener(RefundNotices notices, RefundRawRepository raws, Clock clock) {
        this.notices = notices;
        this.attempts = new FailedAttempts("refund raw", raws::recordFailedAttempt, clock);
    }

    @KafkaListener(id = "refund-notify", topics = Topics.Names.REFUND_NOTIFY,
            containerFactory = "refundNotifyContainerFactory")
    void onRefundNotified(ConsumerRecord<String, byte[]> record) {
        RefundNotified n = RecordValues.readNotice(record, RefundNotified.class, RefundNotifiedListener::missing);
        attempts.counting(n, () -> notices.handle(n));
    }

    static List<String> missing(RefundNotified n) {
        return new Required().notice(n).field("receivedAt", n.receivedAt()).partsOf("orderKey", n.orderKey()).missing();
    }

}
