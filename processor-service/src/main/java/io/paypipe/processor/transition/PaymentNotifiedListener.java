package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.processor.failure.InvalidRecordException;
import io.paypipe.processor.failure.RejectedRecordException;
import java.time.Clock;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Consumes {@code payment.notify} and its retry topics (see {@code RetryTopicsConfig}). Each failed attempt
 * counts on the raw row (attempts, last error) before the exception goes on to the retry topics.
 */
@Component
class PaymentNotifiedListener {

    private static final Logger log = LoggerFactory.getLogger(PaymentNotifiedListener.class);

    private final PaymentService payments;
    private final RawNotificationRepository raws;
    private final Clock clock;

    PaymentNotifiedListener(PaymentService payments, RawNotificationRepository raws, Clock clock) {
        this.payments = payments;
        this.raws = raws;
        this.clock = clock;
    }

    @KafkaListener(id = "processor-payment-notify", topics = "payment.notify",
            containerFactory = "paymentNotifyContainerFactory")
    void onPaymentNotified(ConsumerRecord<String, PaymentNotified> record) {
        PaymentNotified notification = record.value();
        if (notification == null || record.key() == null) {
            throw new InvalidRecordException(record.topic(), record.offset(),
                    notification == null ? "no value" : "no key");
        }
        try {
            payments.handle(notification);
        } catch (RuntimeException e) {
            if (!(e instanceof RejectedRecordException)) {
                countAttempt(notification, e);
            }
            throw e;
        }
    }

    /** Best effort: when the database is the failure, the attempt cannot be counted, the retry still happens. */
    private void countAttempt(PaymentNotified n, RuntimeException failure) {
        String error = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        log.warn("attempt at raw {} for order {} failed: {}", n.rawId(), n.orderKey(), error);
        try {
            raws.recordFailedAttempt(n.rawId(), error, clock.instant());
        } catch (RuntimeException e) {
            log.warn("could not count the failed attempt at raw {}: {}", n.rawId(), e.toString());
        }
    }
}
