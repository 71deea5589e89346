package io.paypipe.launcher;

import io.paypipe.core.money.Money;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * What the demo's lost callback came to: the order whose notifications the sandbox
 * dropped, the queries the channel answered, and the payment's effects. {@code complete}
 * when the notifications were dropped (none delivered), the payment is one raw row learnt
 * by the active query (source QUERY), and the order is PAID with one ledger row, one
 * order.paid event id and one shipment.
 *
 * @param dropped notifications of the payment the sandbox dropped
 * @param delivered notifications of the payment the sandbox pushed anyway (0)
 * @param queryAnswers what the channel answered each query of the order, in order
 * @param rawSources the source of each raw row of the order (CALLBACK, QUERY)
 */
public record DemoLostCallbackResult(String outTradeNo, String channel, String merchant, Money amount, int dropped,
        int delivered, List<String> queryAnswers, List<String> rawSources, String orderStatus, long ledgerRows,
        long orderPaidEventIds, long shipments, Duration took) {

    public boolean foundByQuery() {
        return rawSources.equals(List.of("QUERY"));
    }

    public boolean complete() {
        return dropped > 0 && delivered == 0 && foundByQuery() && orderStatus.equals("PAID") && ledgerRows == 1
                && orderPaidEventIds == 1 && shipments == 1;
    }

    void print(PrintStream out, Duration timeout) {
        out.printf("demo lost callback (%s, %d ms)%n", outTradeNo, took.toMillis());
        out.printf("  order               %s, %s at %s merchant %s -> %s%n", outTradeNo, DemoRefunds.major(amount),
                channel, merchant, orderStatus);
        out.printf("  callbacks dropped   %6d  (the sandbox drops every notification of the payment; %d delivered)%n",
                dropped, delivered);
        out.printf("  queries             %6d  (the channel answered %s)%n", queryAnswers.size(),
                queryAnswers.isEmpty() ? "nothing yet" : String.join(", ", queryAnswers));
        out.printf("  raw rows            %6d  (source %s)%n", rawSources.size(),
                rawSources.isEmpty() ? "-" : String.join(", ", rawSources));
        out.printf("  ledger rows         %6d%n", ledgerRows);
        out.printf("  OrderPaid events    %6d  (distinct event ids)%n", orderPaidEventIds);
        out.printf("  shipments           %6d%n", shipments);
        out.println(complete()
                ? "  => found by the active query (pay_notify_raw source QUERY), paid once: 1 ledger row, 1 order.paid,"
                        + " 1 shipment"
                : "  => LOST CALLBACK NOT SETTLED after " + timeout + ": see reconcile-service's log");
        out.println();
    }

}
