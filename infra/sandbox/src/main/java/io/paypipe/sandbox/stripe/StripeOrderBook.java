package io.paypipe.sandbox.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.sandbox.query.ChannelOrder;
import io.paypipe.sandbox.query.ChannelOrderBook;
import io.paypipe.sandbox.stripe.StripePaymentBook.Payment;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;

/**
 * Stripe's orders for the order system and the sandbox's control endpoints: an order is
 * its PaymentIntents ({@code metadata.out_trade_no}), the oldest one standing for it; it
 * is created {@code requires_payment_method}, may be moved to {@code requires_action} or
 * {@code processing} while open, and misfiled under another account.
 */
public final class StripeOrderBook implements ChannelOrderBook {

    private static final Set<String> OPEN = Set.of("requires_payment_method", "requires_action", "processing");

    private final StripePayments payments;

    public StripeOrderBook(StripePayments payments) {
        this.payments = payments;
    }

    @Override
    public Channel channel() {
        return Channel.STRIPE;
    }

    @Override
    public void place(String merchantId, String outTradeNo, Money amount) {
        payments.place(merchantId, outTradeNo, amount.minor(), amount.currency().toLowerCase(Locale.ROOT));
    }

    @Override
    public Optional<ChannelOrder> find(String merchantId, String outTradeNo) {
        return order(merchantId, outTradeNo).map(StripeOrderBook::view);
    }

    @Override
    public ChannelOrder setState(String merchantId, String outTradeNo, String state) {
        if (!OPEN.contains(state)) {
            throw new IllegalArgumentException("an open PaymentIntent can move to " + OPEN + " only");
        }
        Payment payment = payments.book()
            .open(merchantId, outTradeNo)
            .orElseThrow(() -> new NoSuchElementException(
                    "Stripe has no open PaymentIntent of " + outTradeNo + " of " + merchantId));
        payment.moveTo(state);
        return view(payment);
    }

    @Override
    public ChannelOrder misfile(String merchantId, String outTradeNo, String otherMerchantId) {
        StripeMerchant other = payments.merchants().get(otherMerchantId);
        List<Payment> intents = payments.book().ofOrder(merchantId, outTradeNo);
        if (intents.isEmpty()) {
            throw new NoSuchElementException("Stripe has no PaymentIntent of " + outTradeNo + " of " + merchantId);
        }
        intents.forEach(p -> p.fileUnder(other));
        return view(intents.getLast());
    }

    private Optional<Payment> order(String account, String outTradeNo) {
        List<Payment> intents = payments.book().ofOrder(account, outTradeNo);
        return intents.stream()
            .filter(Payment::succeeded)
            .reduce((newer, older) -> older)
            .or(() -> intents.isEmpty() ? Optional.empty() : Optional.of(intents.getLast()));
    }

    static ChannelOrder view(Payment payment) {
        PaymentIntentSpec spec = payment.spec();
        return new ChannelOrder(Channel.STRIPE, spec.merchant().account(), spec.outTradeNo(), payment.status(),
                spec.paymentIntentId(), spec.amount(), spec.currency(), payment.succeeded(),
                payment.status().equals("canceled"));
    }

}
