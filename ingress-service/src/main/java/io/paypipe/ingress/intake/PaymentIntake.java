package io.paypipe.ingress.intake;

import io.paypipe.core.event.PaymentNotified;
import java.time.Clock;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Payment notifications of every channel, the way {@link RawIntake} describes:
 * {@code pay_notify_raw} (unique per merchant, channel and channel trade number) and
 * {@code payment.notify}; the processor decides what a later state of a settled trade
 * means.
 */
@Service
public final class PaymentIntake extends RawIntake<VerifiedPayment, PaymentNotified> {

    PaymentIntake(PaymentRawBatcher rows, NotifyPublisher publisher, Clock clock) {
        super(LoggerFactory.getLogger(PaymentIntake.class), Kind.PAYMENTS, rows, publisher, clock);
    }

}
