package io.paypipe.sandbox.stripe;

import static io.paypipe.sandbox.stripe.StripeReports.BILL_COLUMNS;
import static io.paypipe.sandbox.stripe.StripeReports.BILL_HEADER;
import static io.paypipe.sandbox.stripe.StripeReports.fee;
import static io.paypipe.sandbox.stripe.StripeReports.payment;
import static io.paypipe.sandbox.stripe.StripeReports.refund;
import static io.paypipe.sandbox.stripe.StripeReports.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.Settlement;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The balance report CSVs the sandbox's Stripe writes: the itemized report line by line
 * in the requested columns, the summary per category.
 */
class StripeReportCsvTest {

    private static final Settlement PAID = payment("pi_1PayA", "ORD-42", 10_010, "2026-11-29T23:59:58Z");

    private static final Settlement REFUNDED = refund("pi_1PayA", "ORD-42", "RF-42-1", "re_1RefA", 4_000,
            "2026-11-29T12:00:00Z");

    private static final Settlement DASHBOARD_REFUND = refund("pi_1PayA", "ORD-42", null, "re_1RefB", 10,
            "2026-11-29T12:30:00Z");

    private static final Settlement FEE = fee("fee_1Radar", 250, "2026-11-29T08:30:00Z");

    @Test
    void givenAPaymentARefundAndAFeeWhenItemizedThenOneLineEachInTheRequestedColumns() {
        // When
        String csv = text(StripeReportCsv.itemized(BILL_COLUMNS, List.of(PAID, REFUNDED, DASHBOARD_REFUND, FEE),
                StripeReports::chargeOf));

        // Then a charge (gross, fee 2.9 % + 30, net), refunds with negative gross, a fee
        // line whose gross is minus the fee, each record ended by a line feed
        assertThat(csv).endsWith("\n");
        List<String> lines = csv.lines().toList();
        assertThat(lines).hasSize(5);
        assertThat(lines.subList(0, 4)).containsExactly(BILL_HEADER,
                "txn_1PayA,2026-11-29 23:59:58,2026-12-01 00:00:00,usd,100.10,3.20,96.90,charge,ch_1PayA,,pi_1PayA,"
                        + "ch_1PayA,ORD-42,",
                "txn_1RefA,2026-11-29 12:00:00,2026-12-01 00:00:00,usd,-40.00,0.00,-40.00,refund,re_1RefA,"
                        + "REFUND FOR CHARGE,pi_1PayA,ch_1PayA,ORD-42,RF-42-1",
                "txn_1RefB,2026-11-29 12:30:00,2026-12-01 00:00:00,usd,-0.10,0.00,-0.10,refund,re_1RefB,"
                        + "REFUND FOR CHARGE,pi_1PayA,ch_1PayA,ORD-42,");
        assertThat(lines.get(4)).matches("txn_[0-9a-z]{24},2026-11-29 08:30:00,2026-12-01 00:00:00,"
                + "usd,-2.50,0.00,-2.50,fee,fee_1Radar,Stripe fees,,,,");
    }

    @Test
    void givenAFieldWithACommaOrAQuoteWhenItemizedThenItIsQuotedAsRfc4180Says() {
        // Given an order number recorded with a comma and a quote in it
        Settlement odd = payment("pi_2", "ORD,\"7\"", 100, "2026-11-29T01:00:00Z");

        // When
        String line = text(StripeReportCsv.itemized(List.of("payment_intent_id", "payment_metadata[out_trade_no]"),
                List.of(odd), StripeReports::chargeOf))
            .lines()
            .toList()
            .get(1);

        // Then
        assertThat(line).isEqualTo("pi_2,\"ORD,\"\"7\"\"\"");
    }

    @Test
    void givenAnotherColumnOrderWhenItemizedThenTheHeaderAndFieldsFollowIt() {
        String csv = text(StripeReportCsv.itemized(List.of("reporting_category", "gross", "refund_metadata[other]"),
                List.of(REFUNDED), StripeReports::chargeOf));

        assertThat(csv).isEqualTo("reporting_category,gross,refund_metadata[other]\nrefund,-40.00,\n");
    }

    @Test
    void givenTheDaysSettlementsWhenSummarizedThenOneRowPerCategoryWithCountAndSums() {
        // Given two payments, two refunds, a fee
        Settlement second = payment("pi_2", "ORD-43", 2_000, "2026-11-29T13:00:00Z");

        // When
        String csv = summary(List.of(FEE, PAID, REFUNDED, second, DASHBOARD_REFUND), false);

        // Then
        assertThat(csv)
            .isEqualTo("reporting_category,currency,count,gross,fee,net\n" + "charge,usd,2,120.10,4.08,116.02\n"
                    + "refund,usd,2,-40.10,0.00,-40.10\n" + "fee,usd,1,-2.50,0.00,-2.50\n");
    }

    @Test
    void givenADayWithoutActivityWhenSummarizedThenTheHeaderAlone() {
        assertThat(summary(List.of(), false)).isEqualTo("reporting_category,currency,count,gross,fee,net\n");
    }

    @Test
    void givenADisagreeingSummaryWhenSummarizedThenOneChargeAndOneDollarMore() {
        assertThat(summary(List.of(PAID), true))
            .isEqualTo("reporting_category,currency,count,gross,fee,net\n" + "charge,usd,2,101.10,3.20,97.90\n");
        assertThat(summary(List.of(), true))
            .isEqualTo("reporting_category,currency,count,gross,fee,net\n" + "charge,usd,1,1.00,0.00,1.00\n");
    }

    @Test
    void givenACurrencyWithoutMinorUnitsWhenItemizedThenWholeAmounts() {
        Settlement yen = Settlement.payment(Channel.STRIPE, StripeReports.ACCOUNT, "ORD-JP", "pi_jp", 500, 45, "JPY",
                Instant.parse("2026-11-29T05:00:00Z"));

        String line = text(StripeReportCsv.itemized(List.of("currency", "gross", "fee", "net"), List.of(yen),
                StripeReports::chargeOf))
            .lines()
            .toList()
            .get(1);

        assertThat(line).isEqualTo("jpy,500,45,455");
    }

    @Test
    void amountsAreMajorUnitsWithTheirSign() {
        assertThat(StripeReportAmounts.major(1_234, 2)).isEqualTo("12.34");
        assertThat(StripeReportAmounts.major(-5, 2)).isEqualTo("-0.05");
        assertThat(StripeReportAmounts.major(0, 2)).isEqualTo("0.00");
        assertThat(StripeReportAmounts.major(-7, 3)).isEqualTo("-0.007");
        assertThat(StripeReportAmounts.major(500, 0)).isEqualTo("500");
    }

    private static String summary(List<Settlement> settlements, boolean disagrees) {
        return new String(StripeReportCsv.summary(StripeReportCsv.SUMMARY_COLUMNS, settlements, disagrees),
                StandardCharsets.UTF_8);
    }

}
