package io.paypipe.sandbox.bill;

import io.paypipe.core.id.Channel;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The fee each sandbox channel charges on a payment: 0.6 % for WeChat Pay and Alipay, 2.9
 * % plus 30 cents for Stripe, rounded HALF_UP to the minor unit. reconcile-service's
 * default fee rates are the same figures, so a bill of the sandbox has no fee difference
 * unless a scenario puts one there.
 */
public final class FeeRates {

    private static final BigDecimal CN_RATE = new BigDecimal("0.006");

    private static final BigDecimal STRIPE_RATE = new BigDecimal("0.029");

    private static final long STRIPE_FIXED_MINOR = 30;

    private FeeRates() {
    }

    /** The fee of a payment of {@code amountMinor} at {@code channel}, in minor units. */
    public static long feeMinor(Channel channel, long amountMinor) {
        return switch (channel) {
            case WECHATPAY, ALIPAY -> percent(CN_RATE, amountMinor);
            case STRIPE -> percent(STRIPE_RATE, amountMinor) + STRIPE_FIXED_MINOR;
        };
    }

    private static long percent(BigDecimal rate, long amountMinor) {
        return rate.multiply(BigDecimal.valueOf(amountMinor)).setScale(0, RoundingMode.HALF_UP).longValueExact();
    }

}
