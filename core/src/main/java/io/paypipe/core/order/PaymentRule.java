package io.paypipe.core.order;

import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.RefundTaskCreated;
import io.paypipe.core.raw.Handled;
import io.paypipe.core.raw.RawOutcome;
import java.util.Optional;

/**
 * The right-hand side of one row of the payment rules ({@link PaymentRules}): what a
 * notification does to its order and what is written about it.
 *
 * @param decision what happens to the order (and what is published after commit)
 * @param outcome the raw row's {@code outcome}; empty: the row keeps the outcome its
 * trade already has
 * @param alert the alert about this notification ({@code <kind>:payment:<raw id>}), if
 * any
 * @param orderAlert the alert about the order as a whole
 * ({@code <kind>:order:<order id>}), if any
 * @param refund the reason of the refund task when the money goes back
 * @param settlement the raw row's {@code handled}; always the outcome's
 * ({@link RawOutcome#handled()})
 */
public record PaymentRule(Decision decision, Optional<RawOutcome> outcome, Optional<Kind> alert,
        Optional<Kind> orderAlert, Optional<RefundTaskCreated.Reason> refund, Optional<Handled> settlement) {

    /** What happens to the order. */
    public enum Decision {

        /** PENDING -> PAID: ledger row, order.paid. */
        APPLY(OrderEvent.PAYMENT_SUCCEEDED),
        /**
         * CLOSED (by the channel) -> PAID: the payment overrules the close; ledger row,
         * order.paid.
         */
        REOPEN(OrderEvent.PAYMENT_SUCCEEDED),
        /**
         * Already paid by this trade: nothing new, order.paid again with the same event
         * id.
         */
        REPUBLISH_PAID,
        /** The money cannot be kept: the order stays as it is, refund task. */
        SET_ASIDE,
        /** PENDING -> CLOSED (closed_by PAYMENT_CLOSED): order.closed. */
        CLOSE(OrderEvent.PAYMENT_CLOSED),
        /** Closed already: nothing new, order.closed again. */
        REPUBLISH_CLOSED,
        /** One payment attempt ended (Stripe): the order stays as it is. */
        LEAVE_ORDER,
        /**
         * A payment holds the order: the close is overruled, the order stays as it is.
         */
        OVERRULE_CLOSE;

        private final OrderEvent transition;

        Decision() {
            this(null);
        }

        Decision(OrderEvent transition) {
            this.transition = transition;
        }

        /**
         * The state machine's event this decision moves the order with
         * ({@link OrderTransitions}), if any.
         */
        public Optional<OrderEvent> transition() {
            return Optional.ofNullable(transition);
        }

    }

    public PaymentRule {
        if (!settlement.equals(outcome.map(RawOutcome::handled))) {
            throw new IllegalArgumentException(decision + ": settlement " + settlement + " is not the outcome's");
        }
        if ((decision == Decision.SET_ASIDE) != (refund.isPresent() && alert.isPresent())) {
            throw new IllegalArgumentException(decision + ": money set aside, and only it, has a refund and an alert");
        }
    }

    /** A row that writes {@code outcome} and raises nothing. */
    static PaymentRule does(Decision decision, RawOutcome outcome, Handled settlement) {
        return new PaymentRule(decision, Optional.of(outcome), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(settlement));
    }

    /**
     * A row that sets the money aside: {@code outcome}, the alert about this
     * notification, a refund task.
     */
    static PaymentRule setsAside(RawOutcome outcome, Handled settlement, Kind alert, RefundTaskCreated.Reason refund) {
        return new PaymentRule(Decision.SET_ASIDE, Optional.of(outcome), Optional.of(alert), Optional.empty(),
                Optional.of(refund), Optional.of(settlement));
    }

    /** The same, with the alert about the order. */
    PaymentRule alertingOrder(Kind kind) {
        return new PaymentRule(decision, outcome, alert, Optional.of(kind), refund, settlement);
    }
}
