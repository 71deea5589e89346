package io.paypipe.ingress.intake;

/**
 * What a verified notification is to the pipeline, whatever the channel; each channel's
 * classifier makes one, and the callback flow hands it to the intake it names. Every case
 * is acknowledged with the channel's success once it is stored (and, for payments and
 * refunds, the broker confirmed it), else with its fail ack.
 */
public sealed interface Classified {

    /**
     * A final payment state (or one the product does not know): {@code pay_notify_raw}
     * and {@code payment.notify}.
     */
    record Payment(VerifiedPayment payment) implements Classified {
    }

    /**
     * A refund in a final state (or one the product does not know):
     * {@code pay_refund_raw} and {@code refund.notify}.
     */
    record Refund(VerifiedRefund refund) implements Classified {
    }

    /**
     * No final state yet, no money moved (WeChat NOTPAY / USERPAYING / ACCEPT, Alipay
     * WAIT_BUYER_PAY, a Stripe PaymentIntent or refund on its way): the event log only,
     * never a raw table.
     */
    record Intermediate(EventLogNotice notice) implements Classified {
    }

    /**
     * Nothing for the pipeline to do (Stripe: an event that is not about one of our
     * orders, or of a type the pipeline does not act on): kept in the event log and
     * acknowledged, so that the channel stops sending it. {@code why} is for the log.
     */
    record Ignored(EventLogNotice notice, String why) implements Classified {
    }

}
