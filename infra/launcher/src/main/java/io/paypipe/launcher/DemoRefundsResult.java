package io.paypipe.launcher;

import io.paypipe.core.money.Money;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the demo's refunds came to: per order its payment, its refund and what
 * refund-service and the points consumer report; {@code complete} when every refund
 * succeeded once, each order's refunded sum is its refund's amount, its status the one
 * that sum calls for, and its points were taken back once.
 */
public record DemoRefundsResult(String prefix, List<Order> orders, Duration took, boolean complete) {

    /**
     * @param createdStatus the HTTP status {@code POST /refunds} answered (0: not sent)
     * @param refundedMinor the payment's succeeded refunds as refund-service sums them
     */
    public record Order(String channel, String outTradeNo, Money paid, long refundMinor, String refundNo,
            int createdStatus, String refundStatus, String orderStatus, String expectedOrderStatus, long refundedMinor,
            long pointsGranted, long takeBacks, long pointsTakenBack) {

        public boolean requested() {
            return createdStatus == 201 || createdStatus == 200;
        }

        public boolean succeeded() {
            return refundStatus.equals("SUCCESS");
        }

        /** The refund succeeded and everything it moves agrees with it. */
        public boolean settled() {
            return requested() && succeeded() && refundedMinor == refundMinor && orderStatus.equals(expectedOrderStatus)
                    && pointsGranted == wholeUnits(paid.minor()) && takeBacks == 1
                    && pointsTakenBack == wholeUnits(refundMinor);
        }

        Money refund() {
            return Money.of(refundMinor, paid.currency());
        }

        private long wholeUnits(long minor) {
            long divisor = 1;
            for (int i = 0; i < Money.fractionDigits(paid.currency()); i++) {
                divisor *= 10;
            }
            return minor / divisor;
        }

    }

    public long requested() {
        return orders.stream().filter(Order::requested).count();
    }

    public long succeeded() {
        return orders.stream().filter(Order::succeeded).count();
    }

    void print(PrintStream out, Duration timeout) {
        out.printf("demo refunds (%s*, %d ms)%n", prefix, took.toMillis());
        out.printf("  payments            %6d  (%s)%n", orders.size(),
                String.join(", ", orders.stream().map(o -> o.channel() + " " + DemoRefunds.major(o.paid())).toList()));
        out.printf("  refunds requested   %6d  (POST /refunds: %s)%n", requested(),
                orders.stream()
                    .map(o -> o.createdStatus() == 0 ? "not sent" : "" + o.createdStatus())
                    .collect(Collectors.joining(", ")));
        out.printf("  refunds succeeded   %6d%n", succeeded());
        out.printf("  refunded amount     %s  (of %s paid)%n",
                sum(orders.stream().map(o -> Money.of(o.refundedMinor(), o.paid().currency())).toList()),
                sum(orders.stream().map(Order::paid).toList()));
        for (Order o : orders) {
            out.printf("  %s  %s paid %s, refund %s %s -> order %s, points +%d -%d (%d take-back)%n", o.outTradeNo(),
                    o.channel(), DemoRefunds.major(o.paid()), DemoRefunds.major(o.refund()), o.refundStatus(),
                    o.orderStatus(), o.pointsGranted(), o.pointsTakenBack(), o.takeBacks());
        }
        out.println(complete
                ? "  => every refund succeeded once, each order refunded by its refund's amount,"
                        + " points taken back once per refund"
                : "  => REFUNDS INCOMPLETE after " + timeout + ": see the services' logs");
        out.println();
    }

    /** Per currency: 30.00 CNY + 50.00 USD. */
    private static String sum(List<Money> amounts) {
        Map<String, Long> byCurrency = new LinkedHashMap<>();
        amounts.forEach(m -> byCurrency.merge(m.currency(), m.minor(), Long::sum));
        return byCurrency.entrySet()
            .stream()
            .map(e -> DemoRefunds.major(Money.of(e.getValue(), e.getKey())))
            .collect(Collectors.joining(" + "));
    }

}
