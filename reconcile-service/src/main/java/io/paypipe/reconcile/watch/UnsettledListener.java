package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.topic.Topics;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/** {@code payment.unsettled}: one NOTIFICATION_UNSETTLED alert per notification. */
@Component
class UnsettledListener {

    private final UnsettledAlerts alerts;

    UnsettledListener(UnsettledAlerts alerts) {
        this.alerts = alerts;
    }

    @KafkaListener(id = "reconcile-payment-unsettled", topics = Topics.Names.PAYMENT_UNSETTLED,
            containerFactory = "unsettledContainerFactory")
    void onUnsettled(NotificationUnsettled unsettled) {
        alerts.raise(unsettled);
    }

}
