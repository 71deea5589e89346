package io.paypipe.core.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RefundProgressTest {

    @ParameterizedTest(name = "paid {0}, succeeded {1}, in flight {2} -> {3}")
    @CsvSource({ "10000, 0, 2000, REFUNDING", "10000, 2000, 3000, REFUNDING", "10000, 0, 0, PAID",
            "10000, 2000, 0, PARTIALLY_REFUNDED", "10000, 5000, 0, PARTIALLY_REFUNDED", "10000, 10000, 0, REFUNDED" })
    void computesTheOrderStatusFromTheSums(long paid, long succeeded, long inFlight, OrderStatus expected) {
        assertThat(new RefundProgress(paid, succeeded, inFlight).status()).isEqualTo(expected);
    }

    @Test
    void admitsARefundOnlyWithinWhatIsLeftAfterSucceededAndInFlight() {
        // Given 100.00 paid, 20.00 refunded and 30.00 in flight
        RefundProgress progress = new RefundProgress(10_000, 2_000, 3_000);
        // Then 50.00 is left, to the cent
        assertThat(progress.refundableMinor()).isEqualTo(5_000);
        assertThat(progress.admits(5_000)).isTrue();
        assertThat(progress.admits(5_001)).isFalse();
        assertThat(progress.admits(0)).isFalse();
        assertThat(progress.admits(-1)).isFalse();
    }

    @Test
    void whileAnyRefundIsInFlightNoSettledEventIsDue() {
        assertThat(new RefundProgress(10_000, 10_000 - 1, 1).settledEvent()).isEmpty();
        assertThat(new RefundProgress(10_000, 0, 0).settledEvent())
            .isEqualTo(Optional.of(OrderEvent.REFUNDS_SETTLED_NONE));
    }

    @Test
    void refusesNegativeSums() {
        assertThatThrownBy(() -> new RefundProgress(100, -1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

}
