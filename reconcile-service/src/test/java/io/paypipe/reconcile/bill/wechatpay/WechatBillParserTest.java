package io.paypipe.reconcile.bill.wechatpay;

import static io.paypipe.reconcile.bill.wechatpay.WechatBills.parse;
import static io.paypipe.reconcile.bill.wechatpay.WechatBills.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.wechatpay.WechatBills.Parsed;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What each column of WeChat's trade bill becomes, for the ALL, SUCCESS and REFUND bills.
 */
class WechatBillParserTest {

    private static Money cny(long minor) {
        return Money.of(minor, "CNY");
    }

    @Test
    void givenAnAllBill_whenParsed_thenAPaymentRowIsAPaymentWithItsSettledAmountFeeAndBeijingTime() throws Exception {
        Parsed parsed = parse(sample("all.csv"));

        BillLine payment = parsed.line(0);
        assertThat(payment.lineNumber()).isEqualTo(2);
        assertThat(payment.channel()).isEqualTo(Channel.WECHATPAY);
        assertThat(payment.kind()).isEqualTo(Kind.PAYMENT);
        assertThat(payment.channelTradeNo()).isEqualTo("4200000001202611290000000001");
        assertThat(payment.outTradeNo()).contains("ORD-0001");
        assertThat(payment.channelRefundId()).isEmpty();
        assertThat(payment.amount()).isEqualTo(cny(10010));
        assertThat(payment.fee()).isEqualTo(cny(61));
        assertThat(payment.occurredAt()).isEqualTo(Instant.parse("2026-11-29T15:59:58Z"));
        assertThat(payment.channelState()).isEqualTo("SUCCESS");
    }

    @Test
    void givenARowWithASubMerchant_whenParsed_thenTheMerchantIsTheSubMerchantElseTheMerchant() throws Exception {
        Parsed parsed = parse(sample("all.csv"));

        assertThat(parsed.line(0).merchantId()).isEqualTo("1900000201");
        assertThat(parsed.line(1).merchantId()).isEqualTo("1900000109");
    }

    @Test
    void givenFeesWithFiveDecimals_whenParsed_thenTheyAreRoundedHalfUpToFen() throws Exception {
        Parsed parsed = parse(sample("all.csv"));

        assertThat(parsed.line(0).fee()).as("0.60500 yuan").isEqualTo(cny(61));
        assertThat(parsed.line(1).fee()).as("0.00499 yuan").isEqualTo(cny(0));
        assertThat(parsed.line(2).fee()).as("-0.12000 yuan, given back").isEqualTo(cny(-12));
    }

    @Test
    void givenARefundRowInAnAllBill_whenParsed_thenItIsARefundWithItsIdsAndRefundedAmount() throws Exception {
        Parsed parsed = parse(sample("all.csv"));

        BillLine refund = parsed.line(2);
        assertThat(refund.kind()).isEqualTo(Kind.REFUND);
        assertThat(refund.channelTradeNo()).isEqualTo("4200000001202611290000000001");
        assertThat(refund.channelRefundId()).contains("50300000012026112900000000001");
        assertThat(refund.refundNo()).contains("RF-0001");
        assertThat(refund.amount()).isEqualTo(cny(2000));
        assertThat(refund.occurredAt()).isEqualTo(Instant.parse("2026-11-29T04:30:00Z"));
        assertThat(refund.channelState()).isEqualTo("SUCCESS");
        assertThat(parsed.bill().payments()).isEqualTo(2);
        assertThat(parsed.bill().refunds()).isEqualTo(1);
    }

    @Test
    void givenAnAllBill_whenParsed_thenItsSummaryRowGivesCountAndTotals() throws Exception {
        Parsed parsed = parse(sample("all.csv"));

        assertThat(parsed.bill().summary())
            .contains(new BillSummary(3, Optional.of(cny(10011)), Optional.of(cny(2000)), Optional.of(cny(49))));
    }

    @Test
    void givenASuccessBill_whenParsed_thenItHasPaymentsOnlyAndNoRefundTotal() throws Exception {
        Parsed parsed = parse(sample("success.csv"));

        assertThat(parsed.lines()).singleElement().satisfies((line) -> {
            assertThat(line.kind()).isEqualTo(Kind.PAYMENT);
            assertThat(line.amount()).isEqualTo(cny(5800));
            assertThat(line.fee()).isEqualTo(cny(35));
        });
        assertThat(parsed.bill().summary())
            .contains(new BillSummary(1, Optional.of(cny(5800)), Optional.empty(), Optional.of(cny(35))));
    }

    @Test
    void givenARefundBill_whenParsed_thenEveryRowIsARefundAtItsRefundApplicationTime() throws Exception {
        Parsed parsed = parse(sample("refund.csv"));

        assertThat(parsed.lines()).singleElement().satisfies((line) -> {
            assertThat(line.kind()).isEqualTo(Kind.REFUND);
            assertThat(line.channelRefundId()).contains("50300000012026112900000000009");
            assertThat(line.amount()).isEqualTo(cny(550));
            assertThat(line.occurredAt()).isEqualTo(Instant.parse("2026-11-29T08:45:10Z"));
        });
        assertThat(parsed.bill().summary())
            .contains(new BillSummary(1, Optional.empty(), Optional.of(cny(550)), Optional.of(cny(-3))));
    }

    @Test
    void givenABillWithoutSummary_whenParsed_thenItsRowsAreReadAndTheSummaryIsEmpty() throws Exception {
        Parsed parsed = parse(WechatBills.withoutSummary(sample("all.csv")));

        assertThat(parsed.lines()).hasSize(3);
        assertThat(parsed.bill().summary()).isEmpty();
    }

    @Test
    void givenASummaryOfZeroTradesAndNoRows_whenParsed_thenItIsAnEmptyDay() throws Exception {
        Parsed parsed = parse(sample("empty-day.csv"));

        assertThat(parsed.lines()).isEmpty();
        assertThat(parsed.bill().summary())
            .contains(new BillSummary(0, Optional.of(cny(0)), Optional.of(cny(0)), Optional.of(cny(0))));
    }

    @Test
    void givenWindowsLineEndingsAndAByteOrderMark_whenParsed_thenTheBillReadsTheSame() throws Exception {
        String bill = sample("all.csv");

        Parsed parsed = parse("\uFEFF" + bill.replace("\n", "\r\n"));

        assertThat(parsed.lines()).isEqualTo(parse(bill).lines());
        assertThat(parsed.bill()).isEqualTo(parse(bill).bill());
    }

}
