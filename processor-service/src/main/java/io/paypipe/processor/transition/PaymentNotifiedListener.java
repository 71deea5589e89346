package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
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
 * Consumes {@code payment.notify} and its retry topics (see
 * {@link PaymentRetryTopicsConfig}) as bytes, reads each record (a record it cannot read,
 * or whose raw-id header and value disagree, goes straight to the dead-letter topic) and
 * applies it. Each failed attempt counts on the raw row (attempts, last error) before the
 * exception goes on to the retry topics ({@link FailedAttempts}). With
 * {@code processor.batch.enabled} the main topic is read by {@link PaymentBatchListener}
 * instead, and this listener keeps the retry topics ({@link PaymentBatchConfig}).
 */
@Component
class PaymentNotifiedListener {

    /**
     * The listener's id and consumer group; its retry topics' containers add a suffix.
     */
    static final String ID = "processor-payment-notify";

    private final PaymentDispatcher dispatcher;

    private final FailedAttempts attempts;

    PaymentNotifiedListener(PaymentDispatcher dispatcher, RawSettlementRepository raws, Clock clock) {
        this.dispatcher = dispatcher;
        this.attempts = new FailedAttempts("raw", raws::recordFailedAttempt, clock);
    }

    @KafkaListener(id = ID, topics = Topics.Names.PAYMENT_NOTIFY, containerFactory = "paymentNotifyContainerFactory")
    void onPaymentNotified(ConsumerRecord<String, byte[]> record) {
        PaymentNotified notification = RecordValues.readNotice(record, PaymentNotified.class,
                PaymentNotifiedListener::missing);
        attempts.counting(notification, () -> dispatcher.handle(notification));
    }

    /**
     * The fields every decision reads; a record without one of them cannot be applied,
     * ever.
     */
    static List<String> missing(PaymentNotified n) {
        return new Required().notice(n)
            .field("orderAmount", n.orderAmount())
            .field("paidAmount", n.paidAmount())
            .field("receivedAt", n.receivedAt())
            .partsOf("orderKey", n.orderKey())
            .missing();
    }

}
