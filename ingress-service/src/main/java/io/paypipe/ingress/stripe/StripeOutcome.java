package io.paypipe.ingress.stripe;

import io.paypipe.ingress.intake.IntermediateNotice;
import io.paypipe.ingress.intake.VerifiedNotification;
import io.paypipe.ingress.intake.VerifiedRefund;

/** What a verified Stripe event is worth to the pipeline. */
sealed interface StripeOutcome {

    /** A final PaymentIntent state for one of our orders: {@code pay_notify_raw} and {@code payment.notify}. */
    record Payment(VerifiedNotification notification) implements StripeOutcome {
    }

    /** A final refund state of one of our orders: {@code pay_refund_raw} and {@code refund.notify}. */
    record Refund(VerifiedRefund refund) implements StripeOutcome {
    }

    /**
     * Acknowledged and kept in {@code pay_notify_event} only: an in-between state, an event that cannot be
     * mapped to one of our orders, an event type the pipeline does not act on. {@code why} is for the log.
     */
    record Logged(IntermediateNotice notice, String why) implements StripeOutcome {
    }
}
