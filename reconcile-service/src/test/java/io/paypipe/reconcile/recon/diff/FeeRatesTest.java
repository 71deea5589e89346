package io.paypipe.reconcile.recon.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.config.ReconcileProperties.Bill;
import io.paypipe.reconcile.config.ReconcileProperties.FeeRate;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fee rates the comparison checks against: the sandbox's by default, a channel's
 * configured rate over it, a merchant's over its channel's.
 */
class FeeRatesTest {

    private static Bill bill(Map<String, FeeRate> channels, Map<String, FeeRate> merchants) {
        return new Bill(null, Duration.ofMinutes(30), 1000, null, channels, merchants, 2, Duration.ofSeconds(30), null,
                null, false);
    }

    @Test
    void givenNothingConfigured_whenRatesAreRead_thenTheSandboxsRates() {
        FeeRates rates = FeeRates.of(bill(null, null));

        assertThat(rates.of(Channel.WECHATPAY, "1900000100")).contains(new FeeRates.Rate(new BigDecimal("0.006"), 0));
        assertThat(rates.of(Channel.STRIPE, "acct_1")).contains(new FeeRates.Rate(new BigDecimal("0.029"), 30));
        assertThat(rates.toleranceMinor()).isEqualTo(2);
    }

    @Test
    void givenAChannelAndAMerchantRate_whenRatesAreRead_thenTheMerchantsOverItsChannelsOverTheDefault() {
        FeeRates rates = FeeRates.of(bill(Map.of("alipay", new FeeRate(new BigDecimal("0.0055"), 0)),
                Map.of("2088000000000001", new FeeRate(new BigDecimal("0.0038"), 0))));

        assertThat(rates.of(Channel.ALIPAY, "2088000000000001"))
            .contains(new FeeRates.Rate(new BigDecimal("0.0038"), 0));
        assertThat(rates.of(Channel.ALIPAY, "2088000000000002"))
            .contains(new FeeRates.Rate(new BigDecimal("0.0055"), 0));
        assertThat(rates.of(Channel.WECHATPAY, "2088000000000001").map(FeeRates.Rate::rate))
            .contains(new BigDecimal("0.0038"));
    }

    @Test
    void rejectsARateOfOneOrMore() {
        assertThatThrownBy(() -> new FeeRate(BigDecimal.ONE, 0)).isInstanceOf(IllegalArgumentException.class);
    }

}
