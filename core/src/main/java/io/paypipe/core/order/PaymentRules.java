package io.paypipe.core.order;

import static io.paypipe.core.order.PaymentRule.Decision.*;
import static io.paypipe.core.order.PaymentRule.does;
import static io.paypipe.core.order.PaymentRule.setsAside;
import static io.paypipe.core.order.PaymentRules.Notice.*;
import static io.paypipe.core.order.PaymentRules.Standing.*;
import static io.paypipe.core.order.PaymentRules.TradeRelation.*;
import static io.paypipe.core.raw.Handled.NEEDS_A_PERSON;
import static io.paypipe.core.raw.Handled.SETTLED;
import static io.paypipe.core.raw.RawOutcome.*;

import io.paypipe.core.event.OpsAlertRaised.Kind;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.event.RefundTaskCreated.Reason;
import io.paypipe.core.id.Channel;
import io.paypipe.core.raw.RawOutcome;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a payment notification does to an order, as DATA: one table of (order standing,
 * notice, trade relation) -> {@link PaymentRule} (decision, raw outcome, alerts, refund
 * reason, settlement), a function of what is stored, never of the order in which
 * notifications arrive. The state machine ({@link OrderTransitions}) says which moves
 * exist; this table says which one a notification takes. Anything absent from it is
 * illegal and throws.
 *
 * <p>
 * <b>What a channel's close means</b> ({@link Notice#of}): WeChat Pay ({@code CLOSED},
 * {@code REVOKED}, {@code PAYERROR}) and Alipay ({@code TRADE_CLOSED}) close the ORDER:
 * one out_trade_no has one trade there, and a closed one can no longer be paid. Stripe's
 * {@code payment_intent.canceled} ends one ATTEMPT: an order may be paid through several
 * PaymentIntents, the order stays as it is.
 *
 * <p>
 * <b>A payment wins over a channel's close.</b> If an order shows both a verified success
 * and a close by the channel, in either arrival order it ends PAID by the success, the
 * close is overruled and a {@code CLOSE_CONFLICT} alert asks a person to check with the
 * channel. An order the MERCHANT cancelled is different: money that arrives for it goes
 * back (refund task), the articles' "paid after close".
 *
 * <p>
 * <b>The same trade in both final states</b> (its raw row was settled as a payment and
 * now reports a close, or the other way round; {@link RawOutcome#contradicts}) is the
 * same contradiction ({@link #decide}): a success decides as its row says, plus
 * {@code CLOSE_CONFLICT}; a close overrules itself and the row keeps its trade's outcome.
 */
public final class PaymentRules {

    /** The order's status as the rules see it: CLOSED split by who closed it. */
    public enum Standing {

        PENDING,
        /**
         * Closed by the channel's close ({@code closed_by} PAYMENT_CLOSED): a payment
         * overrules it.
         */
        CLOSED_BY_CHANNEL,
        /**
         * Cancelled by the merchant ({@code closed_by} ORDER_CANCELLED), or closed by
         * someone unknown.
         */
        CLOSED_BY_MERCHANT, PAID, REFUNDING, PARTIALLY_REFUNDED, REFUNDED;

        /** True when a payment moved the order: it has a paying trade. */
        public boolean paid() {
            return this == PAID || this == REFUNDING || this == PARTIALLY_REFUNDED || this == REFUNDED;
        }

        /** An unknown closer counts as the merchant: the safe side keeps the refund. */
        public static Standing of(OrderStatus status, Optional<OrderEvent> closedBy) {
            return switch (status) {
                case PENDING -> PENDING;
                case CLOSED -> closedBy.filter(e -> e == OrderEvent.PAYMENT_CLOSED).isPresent() ? CLOSED_BY_CHANNEL
                        : CLOSED_BY_MERCHANT;
                case PAID -> PAID;
                case REFUNDING -> REFUNDING;
                case PARTIALLY_REFUNDED -> PARTIALLY_REFUNDED;
                case REFUNDED -> REFUNDED;
            };
        }

    }

    /** What a notification reports, as the rules read it. */
    public enum Notice {

        /** Money arrived. */
        SUCCESS,
        /** A close that closes the order (WeChat Pay, Alipay). */
        CLOSE_OF_ORDER,
        /** A close that ends one payment attempt only (Stripe). */
        CLOSE_OF_ATTEMPT;

        /**
         * An {@link PaymentState#UNKNOWN} state is no notice: it is set aside before the
         * rules.
         */
        public static Notice of(PaymentState state, Channel channel) {
            return switch (state) {
                case SUCCEEDED -> SUCCESS;
                case CLOSED -> switch (channel) {
                    case WECHATPAY, ALIPAY -> CLOSE_OF_ORDER;
                    case STRIPE -> CLOSE_OF_ATTEMPT;
                };
                case UNKNOWN -> throw new IllegalArgumentException("an unknown state is set aside before the rules");
            };
        }

        /**
         * True when the trade's row was settled in the other final state than this notice
         * reports.
         */
        public boolean contradicts(RawOutcome before) {
            return before.contradicts(this == SUCCESS ? PaymentState.SUCCEEDED : PaymentState.CLOSED);
        }

    }

    /** How the notification's trade relates to the trade that paid the order. */
    public enum TradeRelation {

        /** The order has no paying trade. */
        NONE,
        /** The order is paid by this very trade. */
        SAME,
        /** The order is paid by another trade. */
        OTHER;

        public static TradeRelation of(Optional<String> payingTrade, String tradeNo) {
            return payingTrade.isEmpty() ? NONE : payingTrade.get().equals(tradeNo) ? SAME : OTHER;
        }

    }

    /**
     * A row's key. Only an order with a paying trade relates to it: NONE exactly when the
     * standing is not paid.
     */
    public record Key(Standing standing, Notice notice, TradeRelation relation) {
    }

    /**
     * The close of a trade that was reported paid: overruled, and its row keeps the
     * payment's outcome.
     */
    static final PaymentRule CLOSE_OF_A_PAID_TRADE = new PaymentRule(OVERRULE_CLOSE, Optional.empty(), Optional.empty(),
            Optional.of(Kind.CLOSE_CONFLICT), Optional.empty(), Optional.empty());

    private static final Map<Key, PaymentRule> TABLE = new LinkedHashMap<>();

    static {
        // standing notice relation what it does: decision, outcome, settlement (+ alerts,
        // refund)
        row(PENDING, SUCCESS, NONE, does(APPLY, APPLIED, SETTLED));
        row(PENDING, CLOSE_OF_ORDER, NONE, does(CLOSE, CLOSED, SETTLED));
        row(PENDING, CLOSE_OF_ATTEMPT, NONE, does(LEAVE_ORDER, ATTEMPT_ENDED, SETTLED));

        row(CLOSED_BY_CHANNEL, SUCCESS, NONE, does(REOPEN, APPLIED, SETTLED).alertingOrder(Kind.CLOSE_CONFLICT));
        row(CLOSED_BY_CHANNEL, CLOSE_OF_ORDER, NONE, does(REPUBLISH_CLOSED, CLOSED, SETTLED));
        row(CLOSED_BY_CHANNEL, CLOSE_OF_ATTEMPT, NONE, does(LEAVE_ORDER, ATTEMPT_ENDED, SETTLED));

        row(CLOSED_BY_MERCHANT, SUCCESS, NONE,
                setsAside(ILLEGAL_PAID_AFTER_CLOSE, NEEDS_A_PERSON, Kind.PAID_AFTER_CLOSE, Reason.PAID_AFTER_CLOSE));
        row(CLOSED_BY_MERCHANT, CLOSE_OF_ORDER, NONE, does(REPUBLISH_CLOSED, CLOSED, SETTLED));
        row(CLOSED_BY_MERCHANT, CLOSE_OF_ATTEMPT, NONE, does(LEAVE_ORDER, ATTEMPT_ENDED, SETTLED));
        // a close of the very trade that paid is found from its raw row:
        // CLOSE_OF_A_PAID_TRADE, see decide
        // an order a payment moved (paid, or refunds of it under way or done) takes every
        // notice the same way
        for (Standing paid : List.of(PAID, REFUNDING, PARTIALLY_REFUNDED, REFUNDED)) {
            row(paid, SUCCESS, SAME, does(REPUBLISH_PAID, DUPLICATE, SETTLED));
            row(paid, SUCCESS, OTHER,
                    setsAside(ILLEGAL_DOUBLE_PAYMENT, NEEDS_A_PERSON, Kind.DOUBLE_PAYMENT, Reason.DOUBLE_PAYMENT));
            row(paid, CLOSE_OF_ORDER, SAME,
                    does(OVERRULE_CLOSE, CLOSE_OVERRULED, SETTLED).alertingOrder(Kind.CLOSE_CONFLICT));
            row(paid, CLOSE_OF_ORDER, OTHER,
                    does(OVERRULE_CLOSE, CLOSE_OVERRULED, SETTLED).alertingOrder(Kind.CLOSE_CONFLICT));
            row(paid, CLOSE_OF_ATTEMPT, SAME, does(LEAVE_ORDER, ATTEMPT_ENDED, SETTLED));
            row(paid, CLOSE_OF_ATTEMPT, OTHER, does(LEAVE_ORDER, ATTEMPT_ENDED, SETTLED));
        }
    }

    private PaymentRules() {
    }

    private static void row(Standing standing, Notice notice, TradeRelation relation, PaymentRule rule) {
        if (standing.paid() == (relation == NONE)) {
            throw new IllegalArgumentException(standing + " cannot have trade relation " + relation);
        }
        if (TABLE.putIfAbsent(new Key(standing, notice, relation), rule) != null) {
            throw new IllegalArgumentException("two rows for " + standing + "/" + notice + "/" + relation);
        }
    }

    /** The row of {@code key}, or empty when the table lacks it. */
    public static Optional<PaymentRule> rule(Key key) {
        return Optional.ofNullable(TABLE.get(key));
    }

    /**
     * What the notification does: the row of {@code key}; when its own trade was settled
     * before in the other final state ({@code tradeOutcome}, the raw row's outcome,
     * {@link Notice#contradicts}), a success adds the order's CLOSE_CONFLICT and a close
     * is {@link #CLOSE_OF_A_PAID_TRADE}. Throws when the table lacks the key.
     */
    public static PaymentRule decide(Key key, Optional<RawOutcome> tradeOutcome) {
        PaymentRule row = rule(key).orElseThrow(() -> new IllegalStateException("no payment rule for " + key));
        if (tradeOutcome.filter(key.notice()::contradicts).isEmpty()) {
            return row;
        }
        return key.notice() == SUCCESS ? row.alertingOrder(Kind.CLOSE_CONFLICT) : CLOSE_OF_A_PAID_TRADE;
    }

    /**
     * The whole table, read-only, in the order it is written, for documentation and
     * exhaustive tests.
     */
    public static Map<Key, PaymentRule> table() {
        return Collections.unmodifiableMap(TABLE);
    }

}
