package io.paypipe.reconcile.recon.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.recon.diff.ReconRows.Line;
import io.paypipe.reconcile.recon.diff.ReconRows.Payment;
import io.paypipe.reconcile.support.Rows;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The payment side of the comparison, one category per test, on the real database: a
 * WeChat merchant's day (Asia/Shanghai), its ledger rows and a batch's bill lines
 * inserted directly. The default rate is WeChat's 0.6 %.
 */
class PaymentDiffsIntegrationTest extends DiffIntegrationBase {

    @Test
    void givenABillPaymentTheLedgerLacks_whenCompared_thenChannelOnlyWithTheChannelsAmount() {
        // Given
        String m = Rows.newMerchant();
        Payment known = recon.payment(m, Channel.WECHATPAY, 10_000, beijing(DAY, "10:00:00"));
        String unknown = ReconRows.newTradeNo();
        long batch = batch(m, Line.payment(known.tradeNo(), known.outTradeNo(), 10_000, 60, beijing(DAY, "10:00:00")),
                Line.payment(unknown, "O-none", 1_234, 7, beijing(DAY, "11:00:00")));

        // When
        DiffCounts counts = compare(batch, m);

        // Then
        assertThat(diffs(m)).singleElement().satisfies(d -> {
            assertThat(d).containsEntry("category", "CHANNEL_ONLY")
                .containsEntry("channel_trade_no", unknown)
                .containsEntry("field", "payment")
                .containsEntry("channel_value", "1234 CNY")
                .containsEntry("handle_status", "OPEN")
                .containsEntry("handle_note", "no such order")
                .containsEntry("batch_id", batch);
            assertThat(d.get("local_value")).isNull();
        });
        assertThat(counts.compared()).isEqualTo(2);
        assertThat(counts.open()).isEqualTo(1);
        assertThat(counts.openByCategory()).containsEntry(Category.CHANNEL_ONLY, 1L).containsEntry(Category.FEE, 0L);
    }

    @Test
    void givenAnEmptyBillOnADayWithPayments_whenCompared_thenEachPaymentOfTheDayIsLocalOnly() {
        // Given: two payments of the day, one of the day before, and a bill with no line
        String m = Rows.newMerchant();
        Payment first = recon.payment(m, Channel.WECHATPAY, 500, beijing(DAY, "00:00:00"));
        Payment last = recon.payment(m, Channel.WECHATPAY, 700, beijing(DAY, "23:59:59"));
        recon.payment(m, Channel.WECHATPAY, 900, beijing(DAY.minusDays(1), "23:59:59"));
        long batch = batch(m);

        // When
        DiffCounts counts = compare(batch, m);

        // Then
        List<Map<String, Object>> diffs = diffs(m);
        assertThat(diffs).extracting(d -> d.get("category")).containsOnly("LOCAL_ONLY");
        assertThat(diffs).extracting(d -> d.get("channel_trade_no"))
            .containsExactlyInAnyOrder(first.tradeNo(), last.tradeNo());
        assertThat(diffs).extracting(d -> d.get("local_value")).containsExactlyInAnyOrder("500 CNY", "700 CNY");
        assertThat(diffs)
            .allSatisfy(d -> assertThat(d).containsEntry("field", "payment").containsEntry("refund_no", ""));
        assertThat(counts.compared()).isZero();
        assertThat(counts.openByCategory()).containsEntry(Category.LOCAL_ONLY, 2L);
    }

    @Test
    void givenALedgerAmountOtherThanTheBills_whenCompared_thenAmountWithBothSides() {
        // Given
        String m = Rows.newMerchant();
        Payment p = recon.payment(m, Channel.WECHATPAY, 1_000, beijing(DAY, "09:00:00"));
        long batch = batch(m, Line.payment(p.tradeNo(), p.outTradeNo(), 1_200, 7, beijing(DAY, "09:00:00")));

        // When
        compare(batch, m);

        // Then
        assertThat(diffs(m)).singleElement()
            .satisfies(d -> assertThat(d).containsEntry("category", "AMOUNT")
                .containsEntry("channel_trade_no", p.tradeNo())
                .containsEntry("field", "paid_amount")
                .containsEntry("channel_value", "1200 CNY")
                .containsEntry("local_value", "1000 CNY"));
    }

    @Test
    void givenFeesOffTheRate_whenCompared_thenFeeForThoseOnlyRoundedHalfUp() {
        // Given: 0.6 % of 10000 is 60 (the bill says 100); of 250 is 1.5 -> 2 (the bill
        // says 2: no difference); of 750 is 4.5 -> 5 (the bill says 4)
        String m = Rows.newMerchant();
        Payment high = recon.payment(m, Channel.WECHATPAY, 10_000, beijing(DAY, "08:00:00"));
        Payment halfUp = recon.payment(m, Channel.WECHATPAY, 250, beijing(DAY, "08:00:01"));
        Payment halfDown = recon.payment(m, Channel.WECHATPAY, 750, beijing(DAY, "08:00:02"));
        long batch = batch(m, Line.payment(high.tradeNo(), high.outTradeNo(), 10_000, 100, beijing(DAY, "08:00:00")),
                Line.payment(halfUp.tradeNo(), halfUp.outTradeNo(), 250, 2, beijing(DAY, "08:00:01")),
                Line.payment(halfDown.tradeNo(), halfDown.outTradeNo(), 750, 4, beijing(DAY, "08:00:02")));

        // When
        DiffCounts counts = compare(batch, m);

        // Then
        List<Map<String, Object>> diffs = diffs(m);
        assertThat(diffs).extracting(d -> d.get("category")).containsOnly("FEE");
        assertThat(diffs).extracting(d -> d.get("field")).containsOnly("fee");
        assertThat(diffs)
            .extracting(d -> d.get("channel_trade_no"), d -> d.get("channel_value"), d -> d.get("local_value"))
            .containsExactlyInAnyOrder(tuple(high.tradeNo(), "100 CNY", "60 CNY"),
                    tuple(halfDown.tradeNo(), "4 CNY", "5 CNY"));
        assertThat(counts.openByCategory()).containsEntry(Category.FEE, 2L);
    }

    @Test
    void givenAFeeLine_whenCompared_thenFeeLineForAPerson() {
        // Given
        String m = Rows.newMerchant();
        String feeTrade = ReconRows.newTradeNo();
        long batch = batch(m, Line.fee(feeTrade, 3_000, beijing(DAY, "12:00:00")));

        // When
        compare(batch, m);

        // Then
        assertThat(diffs(m)).singleElement().satisfies(d -> {
            assertThat(d).containsEntry("category", "FEE")
                .containsEntry("field", "fee_line")
                .containsEntry("channel_trade_no", feeTrade)
                .containsEntry("channel_value", "3000 CNY");
            assertThat(d.get("local_value")).isNull();
        });
    }

}
