package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.config.ReconcileProperties;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The fee a channel should charge on a payment, per channel (by code) and per merchant
 * over it, and how far a bill line's fee may be from it before it is a FEE difference.
 * The expected fee of {@code amount} is {@code HALF_UP(amount x rate) + fixedMinor},
 * computed in SQL over the batch's lines ({@link PaymentFindings}).
 */
record FeeRates(Map<String, Rate> channels, Map<String, Rate> merchants, long toleranceMinor) {

    /** One rate: a share of the amount plus a fixed part in minor units. */
    record Rate(BigDecimal rate, long fixedMinor) {

        Rate {
            Objects.requireNonNull(rate, "rate");
        }

    }

    FeeRates {
        channels = Map.copyOf(channels);
        merchants = Map.copyOf(merchants);
        if (toleranceMinor < 0) {
            throw new IllegalArgumentException("fee tolerance must not be negative: " + toleranceMinor);
        }
    }

    /** The rates of {@code reconcile.bill.*}. */
    static FeeRates of(ReconcileProperties.Bill bill) {
        return new FeeRates(rates(bill.feeRates()), rates(bill.merchantFeeRates()), bill.feeToleranceMinor());
    }

    /**
     * The merchant's own rate, else its channel's; none when neither is configured (no
     * fee is then checked).
     */
    Optional<Rate> of(Channel channel, String merchantId) {
        Rate own = merchants.get(merchantId);
        return Optional.ofNullable(own != null ? own : channels.get(channel.code()));
    }

    private static Map<String, Rate> rates(Map<String, ReconcileProperties.FeeRate> configured) {
        return configured.entrySet()
            .stream()
            .collect(Collectors.toUnmodifiableMap(Map.Entry::getKey,
                    e -> new Rate(e.getValue().rate(), e.getValue().fixedMinor())));
    }

}
