package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

@Component
class PaymentNotifiedListener {

    private final PaymentService payments;

    PaymentNotifiedListener(PaymentService payments) {
        this.payments = payments;
    }

    @KafkaListener(id = "processor-payment-notify", topics = "payment.notify",
            containerFactory = "paymentNotifyContainerFactory")
    void onPaymentNotified(PaymentNotified notification) {
        payments.handle(notification);
    }
}
