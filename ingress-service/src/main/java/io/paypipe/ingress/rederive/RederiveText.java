package io.paypipe.ingress.rederive;

import io.paypipe.support.text.TextTable;
import java.util.Map;

/**
 * A {@link RederiveReport} as a table for a terminal ({@code Accept: text/plain}, what
 * {@code ./paypipe rederive} prints): the counts, then one row per raw row that is not
 * unchanged; how to go on when the request stopped at its limit.
 */
final class RederiveText {

    private RederiveText() {
    }

    static String render(RederiveReport report) {
        StringBuilder out = new StringBuilder();
        out.append(report.dryRun() ? "dry run " : "re-derive ")
            .append(report.rederiveId() == null ? "" : report.rederiveId() + " ")
            .append("of ")
            .append(report.table())
            .append(" by ")
            .append(report.requestedBy())
            .append(": ")
            .append(report.scanned())
            .append(" rows read");
        for (Map.Entry<RederiveReport.Action, Integer> count : report.counts().entrySet()) {
            out.append(", ").append(count.getValue()).append(' ').append(count.getKey());
        }
        out.append('\n');
        if (!report.rows().isEmpty()) {
            TextTable table = TextTable.of("RAW_ID", "CHANNEL", "ORDER_KEY", "HANDLED", "ACTION", "BEFORE", "AFTER",
                    "DETAIL");
            for (RederiveReport.Row r : report.rows()) {
                table.row(r.rawId(), r.channel(), r.orderKey(), r.handled(), r.action(), r.before(), r.after(),
                        r.detail());
            }
            out.append(table.render());
        }
        if (report.nextAfterId() != null) {
            out.append("stopped at the row limit: go on with --after-id=").append(report.nextAfterId()).append('\n');
        }
        return out.toString();
    }

}
