package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.FeeRates;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What the sandbox's Stripe moved, written to the {@link SettlementBook} its reports are
 * built from: a PaymentIntent that succeeds (its {@code amount_received}, Stripe's fee at
 * {@link FeeRates}, at the {@code created} of its {@code payment_intent.succeeded} event,
 * which is the paid time a receiver takes) and a refund that succeeds (at the
 * {@code created} of the event that first says {@code succeeded}; {@code refundNo} is
 * {@code metadata.refund_no}, empty for a Dashboard refund). The merchant is the Stripe
 * account, the channel trade number the PaymentIntent id (what a report's
 * {@code payment_intent_id} says of a charge and of its refunds).
 */
final class StripeSettlements {

    private final SettlementBook book;

    StripeSettlements(SettlementBook book) {
        this.book = Objects.requireNonNull(book, "book");
    }

    /** {@code spec}'s PaymentIntent succeeded at {@code created} (epoch seconds). */
    void paid(PaymentIntentSpec spec, long created) {
        long amount = spec.amountReceived();
        book.record(new Settlement(Channel.STRIPE, spec.merchant().account(), Settlement.Kind.PAYMENT,
                Optional.ofNullable(spec.outTradeNo()), spec.paymentIntentId(), Optional.empty(), Optional.empty(),
                amount, FeeRates.feeMinor(Channel.STRIPE, amount), currency(spec.currency()),
                Instant.ofEpochSecond(created)));
    }

    /**
     * {@code refund} of {@code payment} succeeded at {@code succeeded} (epoch seconds).
     */
    void refunded(PaymentIntentSpec payment, StripeRefund refund, long succeeded) {
        book.record(new Settlement(Channel.STRIPE, refund.account(), Settlement.Kind.REFUND,
                Optional.ofNullable(payment.outTradeNo()), refund.paymentIntentId(),
                Optional.ofNullable(refund.metadata().get("refund_no")), Optional.of(refund.id()), refund.amount(), 0,
                currency(refund.currency()), Instant.ofEpochSecond(succeeded)));
    }

    /** The settlements' currency: ISO 4217 upper case, as {@code Money} has it. */
    private static String currency(String stripeCurrency) {
        return stripeCurrency.toUpperCase(Locale.ROOT);
    }

}
