package io.paypipe.core.money;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class MoneyTest {

    @ParameterizedTest
    @CsvSource({ "0.01,CNY,1", "100,CNY,10000", "100.10,CNY,10010", "100.1,CNY,10010", "0,CNY,0", "1500,JPY,1500",
            "12.34,USD,1234" })
    void parsesMajorUnitStringsExactly(String text, String currency, long minor) {
        assertThat(Money.parseMajor(text, currency)).isEqualTo(Money.of(minor, currency));
    }

    @ParameterizedTest
    @ValueSource(
            strings = { "1e2", "-1", "0.001", "", " ", " 1.00", "1.00 ", "+1", "1,000.00", "01.00", ".5", "1.", "NaN" })
    void rejectsAnythingThatIsNotAPlainExactAmount(String text) {
        assertThatThrownBy(() -> Money.parseMajor(text, "CNY")).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = { "1.5", "100.00" })
    void rejectsFractionDigitsTheCurrencyDoesNotHave(String text) {
        assertThatThrownBy(() -> Money.parseMajor(text, "JPY")).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = { "cny", "CN", "", "YUAN" })
    void rejectsCurrencyThatIsNotAnIsoCode(String currency) {
        assertThatThrownBy(() -> Money.of(1, currency)).isInstanceOf(IllegalArgumentException.class);
    }

}
