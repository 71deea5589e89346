package io.paypipe.bench.bill;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class LedgerRowTest {

    private static final LocalDate DAY = LocalDate.of(2020, 1, 6);

    @Test
    void givenAGeneratedPayment_whenMappedToTheLedger_thenItIsWhatTheComparisonMatchesTheLineWith() {
        // Given the 1 234th payment of a generated day
        GeneratedPayments day = new GeneratedPayments(DAY, 100_000);
        GeneratedPayments.Payment p = day.nth(1_234);

        // When it becomes a ledger row of the merchant
        LedgerRow row = LedgerRow.of(day, "1900000100", p);

        // Then the comparison's keys and amounts are the line's: channel + trade number,
        // paid amount and currency, paid in the day
        assertThat(row.merchantId()).isEqualTo("1900000100");
        assertThat(row.channel()).isEqualTo("wechatpay");
        assertThat(row.channelTradeNo()).isEqualTo("GEN20200106000001234");
        assertThat(row.paidAmountMinor()).isEqualTo(334).isEqualTo(row.orderAmountMinor());
        assertThat(row.currency()).isEqualTo("CNY");
        assertThat(row.paidAt()).isEqualTo(p.paidAt());
        // and the made-up parts say they are made up
        assertThat(row.orderId()).isNegative();
        assertThat(row.tenantId()).isEqualTo("bench-bill");
        assertThat(row.eventId()).isEqualTo("bench-bill-GEN20200106000001234").hasSizeLessThanOrEqualTo(64);
    }

    @Test
    void madeUpOrderAndEventIdsAreUniqueAcrossPaymentsAndDays() {
        Set<Long> orderIds = new HashSet<>();
        Set<String> eventIds = new HashSet<>();
        for (LocalDate d : new LocalDate[] { DAY, DAY.plusDays(1) }) {
            GeneratedPayments day = new GeneratedPayments(d, 5_000);
            for (long i = 0; i < day.count(); i++) {
                LedgerRow row = LedgerRow.of(day, "1900000100", day.nth(i));
                orderIds.add(row.orderId());
                eventIds.add(row.eventId());
            }
        }

        assertThat(orderIds).hasSize(10_000);
        assertThat(eventIds).hasSize(10_000);
    }

}
