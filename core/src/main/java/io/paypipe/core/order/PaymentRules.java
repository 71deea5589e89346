package io.paypipe.core.order;

import io.paypipe.core.id.Channel;
import java.util.Optional;

/**
 * What a payment notification does to an order, as a function of what is stored, never of the order in which
 * notifications arrive. The state machine ({@link OrderTransitions}) says which moves exist; these rules say which
 * one a success or a close takes.
 *
 * <p><b>What a channel's close means</b> ({@link #closeMeaning}):
 * <ul>
 *   <li>WeChat Pay ({@code CLOSED}, {@code REVOKED}, {@code PAYERROR}) and Alipay ({@code TRADE_CLOSED}):
 *       {@link CloseMeaning#ORDER_CLOSED}. One out_trade_no has one trade at these channels, and a closed one can
 *       no longer be paid: the close closes the order (PENDING -> CLOSED, closed_by PAYMENT_CLOSED).</li>
 *   <li>Stripe ({@code payment_intent.canceled}): {@link CloseMeaning#ATTEMPT_ENDED}. An order may be paid through
 *       several PaymentIntents; a canceled one ends that attempt only, the order stays as it is.</li>
 * </ul>
 *
 * <p><b>A payment wins over a channel's close.</b> If the same order shows both a verified success and a close by
 * the channel, the channel contradicted itself (or a close arrived late, e.g. delayed on a retry topic). The
 * success is evidence of money; a refund cannot be taken back; so in EITHER arrival order the order ends PAID by
 * the success, the close is overruled and a {@code CLOSE_CONFLICT} alert asks a person to check with the channel.
 * An order the MERCHANT cancelled ({@code ORDER_CANCELLED}) is different: money that arrives for it goes back
 * (refund task), the articles' "paid after close".
 *
 * <p><b>The same trade in two states</b> (a close and a success for one channel trade number, in either order) is
 * the same contradiction: the order ends as the success alone would leave it, plus the {@code CLOSE_CONFLICT} alert.
 */
public final class PaymentRules {

    /** What the channel's close of one trade says about the order. */
    public enum CloseMeaning {
        /** The order is closed at the channel. */
        ORDER_CLOSED,
        /** Only this payment attempt ended; the order may still be paid. */
        ATTEMPT_ENDED
    }

    /** How the notification's trade relates to the trade that paid the order, if any. */
    public enum TradeRelation {
        /** The order is not paid. */
        NONE,
        /** The order is paid by this very trade. */
        SAME,
        /** The order is paid by another trade. */
        OTHER
    }

    /** What a success does. */
    public enum OnSuccess {
        /** PENDING -> PAID: ledger row, order.paid. */
        APPLY(true, false),
        /** CLOSED (by the channel) -> PAID: the payment overrules the close; ledger row, order.paid, CLOSE_CONFLICT. */
        REOPEN(true, true),
        /** Already paid by this trade: nothing new, order.paid again with the same event id. */
        DUPLICATE(false, false),
        /** Paid by another trade: set aside, refund task, alert. */
        DOUBLE_PAYMENT(false, false),
        /** The merchant cancelled the order: set aside, refund task, alert. */
        PAID_AFTER_CLOSE(false, false);

        private final boolean books;
        private final boolean conflict;

        OnSuccess(boolean books, boolean conflict) {
            this.books = books;
            this.conflict = conflict;
        }

        /** True when the payment is booked (a transition to PAID and a ledger row). */
        public boolean books() {
            return books;
        }

        /** True when the decision itself is a contradiction a person must look at. */
        public boolean conflict() {
            return conflict;
        }
    }

    /** What a close does. */
    public enum OnClose {
        /** PENDING -> CLOSED (closed_by PAYMENT_CLOSED): order.closed. */
        CLOSE(false),
        /** Closed already: nothing new, order.closed again. */
        ALREADY_CLOSED(false),
        /** The attempt ended; the order is left as it is. */
        ATTEMPT_ENDED(false),
        /** The order is paid: the close is overruled, CLOSE_CONFLICT. */
        OVERRULED(true);

        private final boolean conflict;

        OnClose(boolean conflict) {
            this.conflict = conflict;
        }

        public boolean conflict() {
            return conflict;
        }
    }

    private PaymentRules() {
    }

    public static CloseMeaning closeMeaning(Channel channel) {
        return switch (channel) {
            case WECHATPAY, ALIPAY -> CloseMeaning.ORDER_CLOSED;
            case STRIPE -> CloseMeaning.ATTEMPT_ENDED;
        };
    }

    /**
     * A verified success for an order in {@code status}; {@code closedBy} is the event that closed a CLOSED order
     * (empty when unknown, which counts as the merchant's: the safe side keeps the articles' refund).
     */
    public static OnSuccess onSuccess(OrderStatus status, Optional<OrderEvent> closedBy, TradeRelation relation) {
        return switch (status) {
            case PENDING -> OnSuccess.APPLY;
            case CLOSED -> closedBy.filter(e -> e == OrderEvent.PAYMENT_CLOSED).isPresent()
                    ? OnSuccess.REOPEN : OnSuccess.PAID_AFTER_CLOSE;
            case PAID, REFUNDING, REFUNDED -> relation == TradeRelation.SAME ? OnSuccess.DUPLICATE
                    : OnSuccess.DOUBLE_PAYMENT;
        };
    }

    /**
     * A channel's close of one trade for an order in {@code status}. A close of the trade that paid the order (or
     * a success of a trade already seen closed) is found by the processor from the raw row, whose trade it is: that
     * is a {@code CLOSE_CONFLICT} whatever these rules say: the success is decided by {@link #onSuccess}, the close
     * leaves the order and the trade's settled outcome as they are.
     */
    public static OnClose onClose(CloseMeaning meaning, OrderStatus status) {
        if (meaning == CloseMeaning.ATTEMPT_ENDED) {
            return OnClose.ATTEMPT_ENDED;
        }
        return switch (status) {
            case PENDING -> OnClose.CLOSE;
            case CLOSED -> OnClose.ALREADY_CLOSED;
            case PAID, REFUNDING, REFUNDED -> OnClose.OVERRULED;
        };
    }
}
