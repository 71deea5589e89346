package io.paypipe.reconcile.bill.stripe;

import static io.paypipe.reconcile.bill.stripe.StripeBills.resource;
import static io.paypipe.reconcile.bill.stripe.StripeBills.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillSummary;
import java.io.InputStream;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StripeSummaryParserTest {

    private static final String HEADER = String.join(",", StripeSummaryParser.COLUMNS);

    private final StripeSummaryParser parser = new StripeSummaryParser("USD");

    @Test
    void countsTheComparedCategoriesAndTotalsThemInMinorUnits() throws Exception {
        // Given the sample day's summary (charge, refund, fee and an adjustment)
        // When it is parsed
        BillSummary summary = parser.parse(resource("summary-day.csv"));

        // Then the adjustment is not counted, refunds are a positive total
        assertThat(summary).isEqualTo(new BillSummary(3, Optional.of(Money.of(10010, "USD")),
                Optional.of(Money.of(4000, "USD")), Optional.of(Money.of(320, "USD"))));
    }

    @Test
    void readsAHeaderWithoutRowsAsAnEmptyDayWithZeroTotals() throws Exception {
        BillSummary summary = parser.parse(resource("summary-empty.csv"));

        assertThat(summary).isEqualTo(new BillSummary(0, Optional.of(Money.of(0, "USD")),
                Optional.of(Money.of(0, "USD")), Optional.of(Money.of(0, "USD"))));
    }

    @Test
    void rejectsAnUnknownHeader() {
        assertRejected(text(HEADER.replace("count", "transactions")), 1, "unknown");
    }

    @Test
    void rejectsARowInAnotherCurrency() {
        assertRejected(text(HEADER, "charge,eur,1,1.00,0.00,1.00"), 2, "currency");
    }

    @Test
    void rejectsACategoryListedTwice() {
        assertRejected(text(HEADER, "charge,usd,1,1.00,0.00,1.00", "charge,usd,1,1.00,0.00,1.00"), 3, "twice");
    }

    @Test
    void rejectsACountThatIsNotAWholeNumber() {
        assertRejected(text(HEADER, "charge,usd,1.5,1.00,0.00,1.00"), 2, "count");
    }

    @Test
    void rejectsARefundTotalWithTheWrongSign() {
        assertRejected(text(HEADER, "refund,usd,1,1.00,0.00,1.00"), 2, "sign");
    }

    @Test
    void rejectsAnHtmlErrorPage() {
        assertRejected(text("<!DOCTYPE html><html></html>"), 1, "not a bill");
    }

    private void assertRejected(InputStream summary, long line, String message) {
        assertThatThrownBy(() -> parser.parse(summary)).isInstanceOf(BillFormatException.class)
            .hasMessageContaining(message)
            .extracting(e -> ((BillFormatException) e).lineNumber())
            .isEqualTo(line);
    }

}
