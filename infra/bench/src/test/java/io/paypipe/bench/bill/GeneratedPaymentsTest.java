package io.paypipe.bench.bill;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.bench.bill.GeneratedPayments.Payment;
import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.wechatpay.bill.SandboxGeneratedRows;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class GeneratedPaymentsTest {

    private static final LocalDate DAY = LocalDate.of(2020, 1, 6);

    @Test
    void givenTheSandboxGeneratorOfADay_whenTheBenchComputesTheSameDay_thenEveryPaymentIsTheBillsLine() {
        // Given the rows the sandbox writes into a GENERATED bill of 12 345 lines
        long count = 12_345;
        GeneratedPayments bench = new GeneratedPayments(DAY, count);

        // When the benchmark computes the same day's payments
        long i = 0;
        for (Settlement line : SandboxGeneratedRows.of("1900000100", DAY, count)) {
            Payment p = bench.nth(i);

            // Then each is the line: trade and order number, amount, time, currency
            assertThat(line.channel()).isEqualTo(Channel.WECHATPAY);
            assertThat(line.kind()).isEqualTo(Settlement.Kind.PAYMENT);
            assertThat(p.channelTradeNo()).isEqualTo(line.channelTradeNo());
            assertThat(p.outTradeNo()).isEqualTo(line.outTradeNo().orElseThrow());
            assertThat(p.amountMinor()).isEqualTo(line.amountMinor());
            assertThat(p.paidAt()).isEqualTo(line.at());
            assertThat(GeneratedPayments.CURRENCY).isEqualTo(line.currency());
            i++;
        }
        assertThat(i).isEqualTo(count);
    }

    @Test
    void numbersPricesAndSpreadsThePaymentsOverTheBeijingDay() {
        GeneratedPayments day = new GeneratedPayments(DAY, 1_000_000);

        Payment first = day.nth(0);
        Payment later = day.nth(1_234);
        Payment last = day.nth(999_999);

        assertThat(first.channelTradeNo()).isEqualTo("GEN20200106000000000");
        assertThat(first.outTradeNo()).isEqualTo("GENO20200106000000000");
        assertThat(first.amountMinor()).isEqualTo(100);
        assertThat(first.paidAt()).isEqualTo(Instant.parse("2020-01-05T16:00:00Z"));
        assertThat(later.channelTradeNo()).isEqualTo("GEN20200106000001234");
        assertThat(later.amountMinor()).isEqualTo(100 + 234);
        assertThat(last.paidAt()).isBefore(day.dayEnd()).isAfterOrEqualTo(day.dayStart());
        assertThat(day.dayEnd()).isEqualTo(Instant.parse("2020-01-06T16:00:00Z"));
        assertThat(day.tradeNoPrefix()).isEqualTo("GEN20200106");
    }

    @Test
    void rejectsANumberOfLinesTheSandboxCannotNumber() {
        assertThatThrownBy(() -> new GeneratedPayments(DAY, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GeneratedPayments(DAY, 1_000_000_000L))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new GeneratedPayments(DAY, 10).nth(10)).isInstanceOf(IndexOutOfBoundsException.class);
    }

}
