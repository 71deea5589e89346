package io.paypipe.reconcile.status;

import io.paypipe.reconcile.status.StatusView.Example;
import io.paypipe.reconcile.status.StatusView.NumberView;

/** {@link StatusView} as a table for a terminal ({@code ./paypipe status}). */
final class StatusTable {

    private StatusTable() {
    }

    static String render(StatusView view) {
        StringBuilder out = new StringBuilder();
        out.append("paypipe status at ")
            .append(view.at())
            .append(view.merchant() == null ? " (all merchants)" : " (merchant " + view.merchant() + ")")
            .append('\n');
        int width = view.numbers().stream().mapToInt(n -> n.what().length()).max().orElse(10);
        out.append(pad("NUMBER", width)).append("  ").append(left("COUNT", 7)).append("  OLDEST\n");
        for (NumberView n : view.numbers()) {
            out.append(pad(n.what(), width))
                .append("  ")
                .append(left(Long.toString(n.count()), 7))
                .append("  ")
                .append(n.oldest() == null ? "-" : example(n.oldest()))
                .append('\n');
        }
        out.append(view.nonzero() == 0 ? "all zero"
                : view.nonzero() + " of " + view.numbers().size() + " numbers are not zero")
            .append('\n');
        return out.toString();
    }

    private static String example(Example e) {
        String id = (e.rawId() != null) ? "raw " + e.rawId() : (e.orderId() != null) ? "order " + e.orderId()
                : (e.batchId() != null) ? "batch " + e.batchId() : "diff " + e.diffId();
        return id + "  " + e.channel() + "  merchant " + e.merchant() + "  out_trade_no "
                + (e.outTradeNo() == null ? "-" : e.outTradeNo()) + "  age " + age(e.ageSeconds());
    }

    /** {@code 45s}, {@code 12m05s}, {@code 3h07m}, {@code 2d04h}. */
    static String age(long seconds) {
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return "%dm%02ds".formatted(seconds / 60, seconds % 60);
        }
        if (seconds < 86_400) {
            return "%dh%02dm".formatted(seconds / 3600, seconds % 3600 / 60);
        }
        return "%dd%02dh".formatted(seconds / 86_400, seconds % 86_400 / 3600);
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }

    private static String left(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }

}
