package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import java.time.Clock;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.stereotype.Component;

/**
 * The last stop of a record that could not be processed: its raw row is set aside (handled=2) with the
 * error, and the failure is logged at error so that no acked notification stays at 0 silently.
 */
@Component
class GiveUpRecoverer implements ConsumerRecordRecoverer {

    private static final Logger log = LoggerFactory.getLogger(GiveUpRecoverer.class);

    private final RawNotificationRepository raws;
    private final Clock clock;

    GiveUpRecoverer(RawNotificationRepository raws, Clock clock) {
        this.raws = raws;
        this.clock = clock;
    }

    @Override
    public void accept(ConsumerRecord<?, ?> record, Exception failure) {
        Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
        String error = cause.getClass().getSimpleName() + ": " + cause.getMessage();
        if (record.value() instanceof PaymentNotified n) {
            raws.settle(n.rawId(), RawNotificationRepository.NEEDS_A_PERSON, "gave up: " + error, clock.instant());
            log.error("gave up on raw {} for order {} from {}-{}@{}: {}", n.rawId(), n.orderKey(), record.topic(),
                    record.partition(), record.offset(), error);
        } else {
            log.error("gave up on record {}-{}@{} key {}: {}", record.topic(), record.partition(), record.offset(),
                    record.key(), error);
        }
    }
}
