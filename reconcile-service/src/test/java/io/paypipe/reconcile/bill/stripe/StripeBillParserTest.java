package io.paypipe.reconcile.bill.stripe;

import static io.paypipe.reconcile.bill.stripe.StripeBills.CHARGE;
import static io.paypipe.reconcile.bill.stripe.StripeBills.HEADER;
import static io.paypipe.reconcile.bill.stripe.StripeBills.resource;
import static io.paypipe.reconcile.bill.stripe.StripeBills.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StripeBillParserTest {

    private final StripeBillParser parser = new StripeBillParser("m-stripe-1");

    private final List<BillLine> lines = new ArrayList<>();

    @Test
    void readsAChargeAsAPaymentWithItsFeeInMinorUnitsAtItsUtcTime() throws Exception {
        // Given the sample day's report
        // When it is parsed
        parser.parse(resource("itemized-day.csv"), lines::add);

        // Then its charge is a payment of 100.10 USD with 3.20 fee, at 23:59:58 UTC
        BillLine payment = lines.get(0);
        assertThat(payment.kind()).isEqualTo(Kind.PAYMENT);
        assertThat(payment.channel()).isEqualTo(Channel.STRIPE);
        assertThat(payment.lineNumber()).isEqualTo(2);
        assertThat(payment.merchantId()).isEqualTo("m-stripe-1");
        assertThat(payment.channelTradeNo()).isEqualTo("pi_1PayA");
        assertThat(payment.outTradeNo()).contains("ORD-42");
        assertThat(payment.channelRefundId()).isEmpty();
        assertThat(payment.amount()).isEqualTo(Money.of(10010, "USD"));
        assertThat(payment.fee()).isEqualTo(Money.of(320, "USD"));
        assertThat(payment.occurredAt()).isEqualTo(Instant.parse("2026-11-29T23:59:58Z"));
        assertThat(payment.channelState()).isEqualTo("charge");
    }

    @Test
    void readsARefundWithItsRefundIdsAndAPositiveAmount() throws Exception {
        parser.parse(resource("itemized-day.csv"), lines::add);

        BillLine refund = lines.get(1);
        assertThat(refund.kind()).isEqualTo(Kind.REFUND);
        assertThat(refund.channelTradeNo()).isEqualTo("pi_1PayA");
        assertThat(refund.channelRefundId()).contains("re_1RefA");
        assertThat(refund.refundNo()).contains("RF-42-1");
        assertThat(refund.amount()).isEqualTo(Money.of(4000, "USD"));
        assertThat(refund.fee()).isEqualTo(Money.of(0, "USD"));
        assertThat(refund.lineNumber()).isEqualTo(3);
    }

    @Test
    void readsAFeeLineAsItsOwnLineKnownByItsBalanceTransaction() throws Exception {
        parser.parse(resource("itemized-day.csv"), lines::add);

        BillLine fee = lines.get(2);
        assertThat(fee.kind()).isEqualTo(Kind.FEE);
        assertThat(fee.channelTradeNo()).isEqualTo("txn_1FeeA");
        assertThat(fee.amount()).isEqualTo(Money.of(250, "USD"));
    }

    @Test
    void skipsPayoutAndAdjustmentLinesAndCountsThemPerCategory() throws Exception {
        StripeParse parse = parser.parseReport(resource("itemized-day.csv"), lines::add);

        assertThat(parse.bill()).isEqualTo(new ParsedBill(1, 1, 1, Optional.empty()));
        assertThat(parse.skipped()).isEqualTo(Map.of("payout", 1L, "adjustment", 1L));
        assertThat(parse.skippedLines()).isEqualTo(2);
        assertThat(lines).hasSize(3);
    }

    @Test
    void returnsTheSummaryGivenToItAndNoneWithoutOne() throws Exception {
        BillSummary summary = new BillSummary(3, Optional.of(Money.of(10010, "USD")),
                Optional.of(Money.of(4000, "USD")), Optional.of(Money.of(320, "USD")));

        ParsedBill with = new StripeBillParser("m", Optional.of(summary)).parse(resource("itemized-day.csv"), l -> {
        });
        ParsedBill without = parser.parse(resource("itemized-day.csv"), l -> {
        });

        assertThat(with.summary()).contains(summary);
        assertThat(without.summary()).isEmpty();
    }

    @Test
    void readsAHeaderOnlyReportAsNoLines() throws Exception {
        ParsedBill bill = parser.parse(text(HEADER), lines::add);

        assertThat(bill.lines()).isZero();
        assertThat(lines).isEmpty();
    }

    @Test
    void readsAZeroDecimalCurrencyInWholeUnits() throws Exception {
        parser.parse(text(HEADER,
                "txn_2,2026-11-29 10:00:00,2026-12-01 00:00:00,jpy,1000,36,964,charge,ch_2,,pi_2," + "ch_2,ORD-2,"),
                lines::add);

        assertThat(lines.get(0).amount()).isEqualTo(Money.of(1000, "JPY"));
        assertThat(lines.get(0).fee()).isEqualTo(Money.of(36, "JPY"));
    }

    @Test
    void rejectsARenamedColumn() {
        assertRejected(text(HEADER.replace("reporting_category", "category"), CHARGE), 1, "unknown");
    }

    @Test
    void rejectsAnAddedColumn() {
        assertRejected(text(HEADER + ",card_brand", CHARGE + ",visa"), 1, "unknown");
    }

    @Test
    void rejectsAMissingColumn() {
        assertRejected(text(HEADER.replace(",description", ""), CHARGE), 1, "unknown");
    }

    @Test
    void rejectsColumnsInAnotherOrder() {
        assertRejected(text(HEADER.replace("gross,fee", "fee,gross"), CHARGE), 1, "unknown");
    }

    @Test
    void rejectsALineWithTheWrongNumberOfFieldsAtItsLineNumber() {
        assertRejected(text(HEADER, CHARGE, CHARGE + ",extra"), 3, "15 fields");
    }

    @Test
    void rejectsAnHtmlErrorPage() {
        assertRejected(text("<html><body>502 Bad Gateway</body></html>"), 1, "not a bill");
    }

    @Test
    void rejectsAJsonErrorPage() {
        assertRejected(text("{\"error\":{\"type\":\"invalid_request_error\"}}"), 1, "not a bill");
    }

    @Test
    void rejectsAnEmptyFile() {
        assertRejected(InputStream.nullInputStream(), 0, "empty");
    }

    @Test
    void rejectsAnAmountWithMoreDecimalsThanTheCurrencyHas() {
        assertRejected(text(HEADER, CHARGE.replace("100.10,3.20,96.90", "100.101,3.20,96.901")), 2, "gross");
    }

    @Test
    void rejectsANetThatIsNotGrossLessFee() {
        assertRejected(text(HEADER, CHARGE.replace("96.90", "96.91")), 2, "net");
    }

    @Test
    void rejectsAChargeWithANegativeGross() {
        assertRejected(text(HEADER, CHARGE.replace("100.10,3.20,96.90", "-100.10,0.00,-100.10")), 2, "positive");
    }

    @Test
    void rejectsATimeThatIsNotTheReportsFormat() {
        assertRejected(text(HEADER, CHARGE.replace("2026-11-29 10:00:00", "29/11/2026 10:00")), 2, "created_utc");
    }

    @Test
    void rejectsALineWithoutACategory() {
        assertRejected(text(HEADER, CHARGE.replace(",charge,", ",,")), 2, "reporting_category");
    }

    @Test
    void rejectsAQuotedFieldLeftOpenAtTheEnd() {
        assertRejected(text(HEADER, CHARGE.replace("Order", "\"Order")), 2, "quoted");
    }

    @Test
    void handsEachLineOnBeforeTheRestOfA200000LineReportIsRead() throws Exception {
        // Given a report of 200,000 charges generated as it is read
        StripeBills.Generated report = new StripeBills.Generated(200_000);
        AtomicInteger producedAtFirstLine = new AtomicInteger(-1);
        AtomicLong count = new AtomicLong();
        AtomicLong minor = new AtomicLong();

        // When it is parsed
        ParsedBill bill = parser.parse(report, line -> {
            producedAtFirstLine.compareAndSet(-1, report.produced());
            count.incrementAndGet();
            minor.addAndGet(line.amount().minor());
        });

        // Then every line reached the sink, the first long before the end was read
        assertThat(bill.payments()).isEqualTo(200_000);
        assertThat(count.get()).isEqualTo(200_000);
        assertThat(minor.get()).isEqualTo(200_000L * 100);
        assertThat(producedAtFirstLine.get()).isLessThan(10_000);
    }

    private void assertRejected(InputStream bill, long line, String message) {
        assertThatThrownBy(() -> parser.parse(bill, lines::add)).isInstanceOf(BillFormatException.class)
            .hasMessageContaining(message)
            .extracting(e -> ((BillFormatException) e).lineNumber())
            .isEqualTo(line);
    }

}
