package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.topic.NotifyHeaders;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.failure.InvalidRecordException;
import io.paypipe.processor.failure.RejectedRecordException;
import io.paypipe.processor.inbound.RecordValues;
import io.paypipe.processor.inbound.RecordValues.Required;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code payment.notify} and its retry topics (see
 * {@link PaymentRetryTopicsConfig}) as bytes, reads each record (a record it cannot read
 * goes straight to the dead-letter topic) and applies it. Each failed attempt counts on
 * the raw row (attempts, last error) before the exception goes on to the retry topics.
 */
@Component
class PaymentNotifiedListener {

    private static final Logger log = LoggerFactory.getLogger(PaymentNotifiedListener.class);

    private final PaymentDispatcher dispatcher;

    private final RawSettlementRepository raws;

    private final Clock clock;

    PaymentNotifiedListener(PaymentDispatcher dispatcher, RawSettlementRepository raws, Clock clock) {
        this.dispatcher = dispatcher;
        this.raws = raws;
        this.clock = clock;
    }

    @KafkaListener(id = "processor-payment-notify", topics = Topics.Names.PAYMENT_NOTIFY,
            containerFactory = "paymentNotifyContainerFactory")
    void onPaymentNotified(ConsumerRecord<String, byte[]> record) {
        PaymentNotified notification = RecordValues.read(record, PaymentNotified.class,
                PaymentNotifiedListener::missing);
        var headerRawId = NotifyHeaders.rawId(record.headers());
        if (headerRawId.isPresent() && headerRawId.getAsLong() != notification.rawId()) {
            throw new InvalidRecordException(record.topic(), record.partition(), record.offset(), headerRawId,
                    "header names raw " + headerRawId.getAsLong() + ", value raw " + notification.rawId());
        }
        try {
            dispatcher.handle(notification);
        }
        catch (RuntimeException e) {
            if (!(e instanceof RejectedRecordException)) {
                countAttempt(notification, e);
            }
            throw e;
        }
    }

    /**
     * The fields every decision reads; a record without one of them cannot be applied,
     * ever.
     */
    static List<String> missing(PaymentNotified n) {
        var required = new Required().check("rawId", n.rawId() > 0)
            .field("eventId", n.eventId())
            .field("channel", n.channel())
            .field("orderKey", n.orderKey())
            .field("channelTradeNo", n.channelTradeNo())
            .field("state", n.state())
            .field("channelState", n.channelState())
            .field("orderAmount", n.orderAmount())
            .field("paidAmount", n.paidAmount())
            .field("receivedAt", n.receivedAt());
        if (n.orderKey() != null) {
            required.field("orderKey.tenantId", n.orderKey().tenantId())
                .field("orderKey.merchantId", n.orderKey().merchantId())
                .field("orderKey.outTradeNo", n.orderKey().outTradeNo());
        }
        return required.missing();
    }

    /**
     * Best effort: when the database is the failure, the attempt cannot be counted, the
     * retry still happens.
     */
    private void countAttempt(PaymentNotified n, RuntimeException failure) {
        String error = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        log.warn("attempt at raw {} for order {} failed: {}", n.rawId(), n.orderKey(), error);
        try {
            raws.recordFailedAttempt(n.rawId(), error, clock.instant());
        }
        catch (RuntimeException e) {
            log.warn("could not count the failed attempt at raw {}: {}", n.rawId(), e.toString());
        }
    }

}
