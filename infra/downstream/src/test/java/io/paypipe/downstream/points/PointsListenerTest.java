package io.paypipe.downstream.points;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.money.Money;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PointsListenerTest {

    @ParameterizedTest
    @CsvSource({ "12800, CNY, 128", "12899, CNY, 128", "99, USD, 0", "1500, JPY, 1500", "1500, KWD, 1" })
    void onePointPerWholeMajorUnitOfTheCurrency(long minor, String currency, long points) {
        assertThat(PointsListener.wholeMajorUnits(Money.of(minor, currency))).isEqualTo(points);
    }

}
