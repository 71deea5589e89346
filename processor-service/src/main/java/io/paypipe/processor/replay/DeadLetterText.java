package io.paypipe.processor.replay;

import io.paypipe.processor.replay.PayloadSummary.Notification;
import io.paypipe.processor.replay.PayloadSummary.Unreadable;
import io.paypipe.support.text.TextTable;
import java.util.List;
import java.util.Map;

/**
 * The dead-letter endpoints' answers as tables for a terminal
 * ({@code Accept: text/plain}, what {@code ./paypipe dlt} prints): amounts in minor units
 * with their currency, timestamps ISO-8601; nothing a JSON answer would not show.
 */
final class DeadLetterText {

    private DeadLetterText() {
    }

    static String list(List<DeadLetter> letters) {
        if (letters.isEmpty()) {
            return "no dead letters\n";
        }
        return rows(letters) + letters.size() + " dead letters\n";
    }

    private static String rows(List<DeadLetter> letters) {
        TextTable table = TextTable.of("PARTITION", "OFFSET", "DEAD_LETTERED_AT", "KEY", "ERROR", "RAW_ID", "AMOUNT");
        for (DeadLetter d : letters) {
            Notification n = d.payload() instanceof Notification notification ? notification : null;
            table.row(d.partition(), d.offset(), d.deadLetteredAt(), d.key(), error(d), n == null ? null : n.rawId(),
                    n == null ? null : TextTable.money(n.paidAmountMinor(), n.currency()));
        }
        return table.render();
    }

    /** One dead letter: its row, then its error, origin, payload summary and headers. */
    static String show(DeadLetter d) {
        StringBuilder out = new StringBuilder(rows(List.of(d)));
        out.append("error: ").append(d.errorClass()).append(": ").append(d.errorMessage()).append('\n');
        out.append("cause: ").append(d.causeClass()).append('\n');
        out.append("original: ")
            .append(d.originalTopic())
            .append(" partition ")
            .append(d.originalPartition())
            .append(" offset ")
            .append(d.originalOffset())
            .append(" at ")
            .append(d.originalTimestamp())
            .append('\n');
        switch (d.payload()) {
            case Notification n -> out.append("payload: raw ")
                .append(n.rawId())
                .append(", ")
                .append(n.channel())
                .append(" order ")
                .append(n.orderKey())
                .append(", trade ")
                .append(n.channelTradeNo())
                .append(", ")
                .append(n.state())
                .append(", order amount ")
                .append(TextTable.money(n.orderAmountMinor(), n.currency()))
                .append(", paid ")
                .append(TextTable.money(n.paidAmountMinor(), n.currency()))
                .append('\n');
            case Unreadable u -> out.append("payload: not a notification, ")
                .append(u.length())
                .append(" bytes, sha256 ")
                .append(u.sha256Prefix())
                .append('\n');
        }
        TextTable headers = TextTable.of("HEADER", "VALUE");
        for (Map.Entry<String, String> h : d.headers().entrySet()) {
            headers.row(h.getKey(), h.getValue());
        }
        return out.append(headers.render()).toString();
    }

    static String result(Replays.Result result) {
        TextTable table = TextTable.of("PARTITION", "OFFSET", "STATUS", "RAW_ID", "TO_PARTITION", "TO_OFFSET");
        for (Replays.Outcome o : result.records()) {
            table.row(o.partition(), o.offset(), o.status(), o.rawId(), o.targetPartition(), o.targetOffset());
        }
        return "replay " + result.replayId() + "\n" + table.render();
    }

    static String replay(Replays.ReplayView v) {
        TextTable table = TextTable.of("PARTITION", "OFFSET", "RAW_ID", "ORDER_KEY", "STATUS", "TO_PARTITION",
                "TO_OFFSET", "LAST_ERROR");
        for (ReplayRepository.Row r : v.records()) {
            table.row(r.dltPartition(), r.dltOffset(), r.rawId(), r.orderKey(), r.status(), r.targetPartition(),
                    r.targetOffset(), r.lastError());
        }
        return "replay " + v.replayId() + " by " + v.requestedBy() + " at " + v.requestedAt() + ": " + v.reason()
                + "\nselection (" + v.selectionKind() + "): " + v.selection() + "\n" + table.render();
    }

    private static String error(DeadLetter d) {
        String fqcn = d.causeClass() != null ? d.causeClass() : d.errorClass();
        return fqcn == null ? null : fqcn.substring(fqcn.lastIndexOf('.') + 1);
    }

}
