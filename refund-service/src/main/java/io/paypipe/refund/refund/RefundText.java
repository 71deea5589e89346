package io.paypipe.refund.refund;

import io.paypipe.support.text.TextTable;
import java.util.List;

/**
 * The refund API's answers as tables for a terminal ({@code Accept: text/plain}, what
 * {@code ./paypipe refund} prints): amounts in minor units with their currency,
 * timestamps ISO-8601.
 */
final class RefundText {

    private RefundText() {
    }

    /** One refund: its row, then its reason and, when failed, why. */
    static String refund(RefundView r) {
        StringBuilder out = new StringBuilder(table(List.of(r)));
        out.append("reason: ").append(r.reason()).append('\n');
        if (r.failure() != null) {
            out.append("failure: ").append(r.failure()).append('\n');
        }
        return out.toString();
    }

    /** An order's refunds: where its payment stands, then one row per refund. */
    static String order(OrderRefundsView o) {
        String head = "order " + o.outTradeNo() + " of merchant " + o.merchant() + ": " + o.status() + ", paid "
                + TextTable.money(o.paid(), o.currency()) + ", refunded " + TextTable.money(o.refunded(), o.currency())
                + ", in flight " + TextTable.money(o.inFlight(), o.currency()) + ", refundable "
                + TextTable.money(o.refundable(), o.currency()) + "\n";
        return head + (o.refunds().isEmpty() ? "no refunds\n" : table(o.refunds()));
    }

    private static String table(List<RefundView> refunds) {
        TextTable table = TextTable.of("REFUND_NO", "MERCHANT", "OUT_TRADE_NO", "CHANNEL", "AMOUNT", "STATUS", "SOURCE",
                "REQUESTED_BY", "CREATED_AT", "FINISHED_AT");
        for (RefundView r : refunds) {
            table.row(r.refundNo(), r.merchant(), r.outTradeNo(), r.channel(),
                    TextTable.money(r.amount(), r.currency()), r.status(), r.source(), r.requestedBy(), r.createdAt(),
                    r.finishedAt());
        }
        return table.render();
    }

}
