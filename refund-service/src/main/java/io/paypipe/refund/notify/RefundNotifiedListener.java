package io.paypipe.refund.notify;

import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.refund.failure.InvalidRecordException;
import io.paypipe.refund.inbound.RecordValues;
import io.paypipe.refund.inbound.RecordValues.Required;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code refund.notify} and its retry topics ({@link NotifyRetryTopicsConfig})
 * as bytes, reads each record (one it cannot read goes straight to the dead-letter topic)
 * and applies it ({@link RefundNotices}). Each failed attempt counts on the raw row.
 */
@Component
class RefundNotifiedListener {

    private static final Logger log = LoggerFactory.getLogger(RefundNotifiedListener.class);

    private final RefundNotices notices;

    private final RefundRawRepository raws;

    private final Clock clock;

    RefundNotifiedListener(RefundNotices notices, RefundRawRepository raws, Clock clock) {
        this.notices = notices;
        this.raws = raws;
        this.clock = clock;
    }

    @KafkaListener(id = "refund-notify", topics = Topics.Names.REFUND_NOTIFY,
            containerFactory = "refundNotifyContainerFactory")
    void onRefundNotified(ConsumerRecord<String, byte[]> record) {
        RefundNotified n = RecordValues.read(record, RefundNotified.class, RefundNotifiedListener::missing);
        var headerRawId = NotifyHeaders.rawId(record.headers());
        if (headerRawId.isPresent() && headerRawId.getAsLong() != n.rawId()) {
            throw new InvalidRecordException(record.topic(), record.partition(), record.offset(), headerRawId,
                    "header names raw " + headerRawId.getAsLong() + ", value raw " + n.rawId());
        }
        try {
            notices.handle(n);
        }
        catch (RuntimeException e) {
            countAttempt(n, e);
            throw e;
        }
    }

    static List<String> missing(RefundNotified n) {
        var required = new Required().check("rawId", n.rawId() > 0)
            .field("eventId", n.eventId())
            .field("channel", n.channel())
            .field("orderKey", n.orderKey())
            .field("channelTradeNo", n.channelTradeNo())
            .field("state", n.state())
            .field("channelState", n.channelState())
            .field("receivedAt", n.receivedAt());
        if (n.orderKey() != null) {
            required.field("orderKey.tenantId", n.orderKey().tenantId())
                .field("orderKey.merchantId", n.orderKey().merchantId())
                .field("orderKey.outTradeNo", n.orderKey().outTradeNo());
        }
        return required.missing();
    }

    private void countAttempt(RefundNotified n, RuntimeException failure) {
        String error = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        log.warn("attempt at refund raw {} for order {} failed: {}", n.rawId(), n.orderKey(), error);
        try {
            raws.recordFailedAttempt(n.rawId(), error, clock.instant());
        }
        catch (RuntimeException e) {
            log.warn("could not count the failed attempt at refund raw {}: {}", n.rawId(), e.toString());
        }
    }

}
