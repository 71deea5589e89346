package io.paypipe.reconcile.bill.guard;

import static io.paypipe.reconcile.bill.guard.GuardBills.NOON;
import static io.paypipe.reconcile.bill.guard.GuardBills.WECHAT_DAY;
import static io.paypipe.reconcile.bill.guard.GuardBills.payment;
import static io.paypipe.reconcile.bill.guard.GuardBills.refund;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LineTotalsTest {

    @Test
    void sumsEachKindPerCurrencyAndPassesEveryLineOn() {
        // Given a sink behind the totals
        List<BillLine> passedOn = new ArrayList<>();
        LineTotals totals = new LineTotals(WECHAT_DAY, Duration.ofMinutes(10), passedOn::add);
        BillLine usd = GuardBills.line(Channel.WECHATPAY, Kind.PAYMENT, 700, 4, "USD", NOON);
        List<BillLine> lines = List.of(payment(100, 1, NOON), payment(250, 2, NOON), refund(50, -1, NOON), usd);

        // When lines go through
        lines.forEach(totals);

        // Then each is passed on in order and summed per kind and currency
        assertThat(passedOn).containsExactlyElementsOf(lines);
        assertThat(totals.lines()).isEqualTo(4);
        assertThat(totals.count(Kind.PAYMENT)).isEqualTo(3);
        assertThat(totals.count(Kind.REFUND)).isEqualTo(1);
        assertThat(totals.count(Kind.FEE)).isZero();
        assertThat(totals.amounts(Kind.PAYMENT)).isEqualTo(Map.of("CNY", 350L, "USD", 700L));
        assertThat(totals.amounts(Kind.REFUND)).isEqualTo(Map.of("CNY", 50L));
        assertThat(totals.fees()).isEqualTo(Map.of("CNY", 2L, "USD", 4L));
        assertThat(totals.outsideDay()).isZero();
    }

    @Test
    void boundsADayInTheChannelsZone() {
        assertThat(WECHAT_DAY.start()).isEqualTo(LocalDate.of(2026, 11, 28).atTime(16, 0).toInstant(ZoneOffset.UTC));
        assertThat(new BillDay(Channel.STRIPE, WECHAT_DAY.day()).end())
            .isEqualTo(LocalDate.of(2026, 11, 30).atStartOfDay().toInstant(ZoneOffset.UTC));
        assertThat(new BillDay(Channel.ALIPAY, WECHAT_DAY.day()).zone()).isEqualTo(GuardBills.BEIJING);
    }

}
