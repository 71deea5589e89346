package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.stripe.StripePaymentBook.Payment;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * What follows a refund's creation at Stripe: its events, pushed signed to the account's
 * webhook endpoint as {@link StripePayments} pushes every event, and the later change of
 * a {@code pending} refund to {@code succeeded} or {@code failed} after
 * {@code settleDelay}. Events: {@code refund.created} (with the status it was created
 * in); on success {@code refund.updated} and {@code charge.refunded} (the Charge with the
 * CUMULATIVE {@code amount_refunded}); on failure {@code refund.updated} and
 * {@code refund.failed}. A refund that succeeds is a settlement at the {@code created} of
 * the event that first says so ({@code refund.created} of one made succeeded,
 * {@code refund.updated} of a pending one).
 */
final class StripeRefundLifecycle implements AutoCloseable {

    static final String INSUFFICIENT_FUNDS = "insufficient_funds";

    private final StripePayments payments;

    private final Duration settleDelay;

    private final ScheduledExecutorService settler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sandbox-stripe-refund-settler");
        t.setDaemon(true);
        return t;
    });

    StripeRefundLifecycle(StripePayments payments, Duration settleDelay) {
        this.payments = payments;
        this.settleDelay = settleDelay;
    }

    /**
     * Announces {@code refund}, just created, and schedules its settlement if pending.
     */
    void created(StripeMerchant merchant, Payment payment, StripeRefund refund, StripeRefundScenario scenario) {
        long at = now();
        push(merchant, payments.events().refund(merchant, refund, "refund.created", at));
        if (refund.status().equals("succeeded")) {
            payments.settlements().refunded(payment.spec(), refund, at);
            chargeRefunded(merchant, payment);
            return;
        }
        boolean fails = scenario == StripeRefundScenario.PENDING_THEN_FAILED;
        settler.schedule(() -> settle(merchant, payment, refund.id(), fails), settleDelay.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private void settle(StripeMerchant merchant, Payment payment, String refundId, boolean fails) {
        StripeRefund done;
        synchronized (payment) {
            StripeRefund pending = payment.refund(refundId).orElseThrow();
            done = fails ? pending.settled("failed", INSUFFICIENT_FUNDS) : pending.settled("succeeded", null);
            payment.put(done);
        }
        long at = now();
        push(merchant, payments.events().refund(merchant, done, "refund.updated", at));
        if (fails) {
            push(merchant, payments.events().refund(merchant, done, "refund.failed"));
        }
        else {
            payments.settlements().refunded(payment.spec(), done, at);
            chargeRefunded(merchant, payment);
        }
    }

    private long now() {
        return payments.events().clock().instant().getEpochSecond();
    }

    private void chargeRefunded(StripeMerchant merchant, Payment payment) {
        long refunded = payment.amountRefunded();
        RefundSpec charge = RefundSpec.of(payment.spec(), null, refunded);
        push(merchant, payments.events().chargeRefunded(charge, payment.spec().amountReceived()));
    }

    private void push(StripeMerchant merchant, SignedNotification event) {
        payments.push(event, merchant, 1);
    }

    @Override
    public void close() {
        settler.shutdownNow();
    }

}
