package io.paypipe.sandbox.stripe;

import java.util.Locale;
import java.util.Objects;

/**
 * A PaymentIntent as Stripe reports it: amounts in the currency's minor units exactly as
 * Stripe sends them (USD cents, JPY whole yen), currency lower-case. {@code outTradeNo}
 * goes into {@code metadata.out_trade_no} (null: a PaymentIntent the merchant did not
 * create through the pipeline). {@code connect}: the event names the account
 * ({@code "account": "acct_..."}), as Connect events do.
 */
public record PaymentIntentSpec(StripeMerchant merchant, String outTradeNo, long amount, long amountReceived,
        String currency, String paymentIntentId, String chargeId, String paymentMethodId, boolean connect) {

    public PaymentIntentSpec {
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(paymentIntentId, "paymentIntentId");
        Objects.requireNonNull(chargeId, "chargeId");
        Objects.requireNonNull(paymentMethodId, "paymentMethodId");
        if (currency == null || !currency.matches("[A-Za-z]{3}")) {
            throw new IllegalArgumentException("currency must be a 3-letter code");
        }
        currency = currency.toLowerCase(Locale.ROOT);
    }

    /** A payment of {@code amount} minor units fully received, with fresh ids. */
    public static PaymentIntentSpec of(StripeMerchant merchant, String outTradeNo, long amount, String currency) {
        return new PaymentIntentSpec(merchant, outTradeNo, amount, amount, currency, StripeIds.paymentIntent(),
                StripeIds.charge(), StripeIds.paymentMethod(), false);
    }

    public PaymentIntentSpec withAmountReceived(long received) {
        return new PaymentIntentSpec(merchant, outTradeNo, amount, received, currency, paymentIntentId, chargeId,
                paymentMethodId, connect);
    }

    public PaymentIntentSpec withOutTradeNo(String out) {
        return new PaymentIntentSpec(merchant, out, amount, amountReceived, currency, paymentIntentId, chargeId,
                paymentMethodId, connect);
    }

    public PaymentIntentSpec withConnect(boolean namesAccount) {
        return new PaymentIntentSpec(merchant, outTradeNo, amount, amountReceived, currency, paymentIntentId, chargeId,
                paymentMethodId, namesAccount);
    }

    /** Another attempt on the same PaymentIntent: a new charge. */
    public PaymentIntentSpec withNewCharge() {
        return new PaymentIntentSpec(merchant, outTradeNo, amount, amountReceived, currency, paymentIntentId,
                StripeIds.charge(), paymentMethodId, connect);
    }
}
