package io.paypipe.reconcile.bill.guard;

import io.paypipe.core.id.Channel;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillLine.Kind;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Fixture factories for the guard tests: lines, summaries and a fed {@link LineTotals}.
 */
final class GuardBills {

    static final LocalDate DAY = LocalDate.of(2026, 11, 29);

    static final BillDay WECHAT_DAY = new BillDay(Channel.WECHATPAY, DAY);

    static final BillDay STRIPE_DAY = new BillDay(Channel.STRIPE, DAY);

    static final ZoneId BEIJING = ZoneId.of("Asia/Shanghai");

    /** Noon of the bill's day in Beijing. */
    static final Instant NOON = beijing("2026-11-29T12:00:00");

    private static long lineNumber = 1;

    private GuardBills() {
    }

    static Instant beijing(String localDateTime) {
        return LocalDateTime.parse(localDateTime).atZone(BEIJING).toInstant();
    }

    static BillLine payment(long amount, long fee, Instant at) {
        return line(Channel.WECHATPAY, Kind.PAYMENT, amount, fee, "CNY", at);
    }

    static BillLine refund(long amount, long fee, Instant at) {
        return line(Channel.WECHATPAY, Kind.REFUND, amount, fee, "CNY", at);
    }

    static BillLine line(Channel channel, Kind kind, long amount, long fee, String currency, Instant at) {
        long n = ++lineNumber;
        return new BillLine(n, channel, kind, "m-1", "T" + n, Optional.of("O" + n),
                (kind == Kind.REFUND) ? Optional.of("R" + n) : Optional.empty(),
                (kind == Kind.REFUND) ? Optional.of("RN" + n) : Optional.empty(), Money.of(amount, currency),
                Money.of(fee, currency), at, "SUCCESS");
    }

    /** A summary in CNY stating every total. */
    static BillSummary summary(long lines, long paid, long refunded, long fees) {
        return new BillSummary(lines, Optional.of(Money.of(paid, "CNY")), Optional.of(Money.of(refunded, "CNY")),
                Optional.of(Money.of(fees, "CNY")));
    }

    /** The lines fed through a {@link LineTotals} for the day, as a parser would. */
    static LineTotals fed(BillGuards guards, BillDay day, List<BillLine> lines) {
        List<BillLine> passedOn = new ArrayList<>();
        LineTotals totals = guards.lineTotals(day, passedOn::add);
        lines.forEach(totals);
        return totals;
    }

    /** What the parser returns for the lines seen by {@code totals}, with the summary. */
    static ParsedBill parsed(LineTotals totals, Optional<BillSummary> summary) {
        return new ParsedBill(totals.count(Kind.PAYMENT), totals.count(Kind.REFUND), totals.count(Kind.FEE), summary);
    }

}
