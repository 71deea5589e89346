package io.paypipe.ingress.intake;

import io.paypipe.core.event.RefundNotified;
import java.time.Clock;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Refund notifications, the same way as payments ({@link RawIntake}):
 * {@code pay_refund_raw}, reserved by our refund number, and {@code refund.notify}. A
 * refund that succeeded after it was reported closed is published again and reaches the
 * refund service.
 */
@Service
public final class RefundIntake extends RawIntake<VerifiedRefund, RefundNotified> {

    RefundIntake(RefundRawRepository rows, NotifyPublisher publisher, Clock clock) {
        super(LoggerFactory.getLogger(RefundIntake.class), Kind.REFUNDS, rows, publisher, clock);
    }

}
