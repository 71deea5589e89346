package io.paypipe.ingress.intake;

import io.paypipe.core.event.RefundNotified;
import java.time.Clock;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Refund notifications, the same way as payments ({@link RawIntake}):
 * {@code pay_refund_raw} and {@code refund.notify}. The row is reserved by merchant,
 * channel, {@link RefundKey} and reported state, so each status change of a refund
 * (ABNORMAL, then SUCCESS) is stored and published under its own raw id and event id,
 * while an identical repeat is a duplicate: published again while its row is unsettled,
 * acknowledged without work once settled.
 */
@Service
public final class RefundIntake extends RawIntake<VerifiedRefund, RefundNotified> {

    RefundIntake(RefundRawRepository rows, NotifyPublisher publisher, Clock clock) {
        super(LoggerFactory.getLogger(RefundIntake.class), Kind.REFUNDS, rows, publisher, clock);
    }

}
