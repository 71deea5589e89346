package io.paypipe.support.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TextTableTest {

    @Test
    void givenRowsOfSeveralWidths_whenRendered_thenEveryColumnIsPaddedToItsWidestCellAndNullIsADash() {
        String text = TextTable.of("REFUND_NO", "AMOUNT", "CREATED_AT")
            .row("RF-1", TextTable.money(400L, "CNY"), Instant.parse("2026-12-02T03:10:04Z"))
            .row("RF-1001-22", TextTable.money(12_800L, "CNY"), null)
            .render();

        assertThat(text).isEqualTo("""
                REFUND_NO   AMOUNT     CREATED_AT
                RF-1        400 CNY    2026-12-02T03:10:04Z
                RF-1001-22  12800 CNY  -
                """);
    }

    @Test
    void givenACellWithALineBreak_whenRendered_thenItStaysOnItsRow() {
        assertThat(TextTable.of("A", "B").row("x\ny", "z").render()).isEqualTo("A    B\nx y  z\n");
    }

    @Test
    void givenARowWithTooFewCells_whenAdded_thenItIsRefused() {
        assertThatThrownBy(() -> TextTable.of("A", "B").row("x")).isInstanceOf(IllegalArgumentException.class);
    }

}
