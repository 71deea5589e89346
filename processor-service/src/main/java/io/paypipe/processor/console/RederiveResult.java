package io.paypipe.processor.console;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What ingress-service's {@code POST /ops/rederive} answered, for the re-derive page's
 * table: the counts by action over every row read, one line per row that is not
 * unchanged, and where to go on when it stopped at ingress's row limit.
 */
record RederiveResult(String rederiveId, String table, boolean dryRun, String requestedBy, int scanned,
        Map<String, Integer> counts, List<Row> rows, Long nextAfterId) {

    /** One raw row and what became (or would become) of it. */
    record Row(long rawId, String channel, String orderKey, String refundKey, int handled, String action, String before,
            String after, String detail) {
    }

    static RederiveResult of(JsonNode r) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        r.path("counts").properties().forEach((e) -> counts.put(e.getKey(), e.getValue().asInt()));
        List<Row> rows = new ArrayList<>();
        for (JsonNode row : r.path("rows")) {
            rows.add(new Row(row.path("rawId").asLong(), text(row, "channel"), text(row, "orderKey"),
                    text(row, "refundKey"), row.path("handled").asInt(), text(row, "action"), text(row, "before"),
                    text(row, "after"), text(row, "detail")));
        }
        JsonNode next = r.path("nextAfterId");
        return new RederiveResult(text(r, "rederiveId"), text(r, "table"), r.path("dryRun").asBoolean(true),
                text(r, "requestedBy"), r.path("scanned").asInt(), counts, rows,
                next.isNumber() ? next.asLong() : null);
    }

    /** One sentence: who, which table, how many rows, what became of them. */
    String sentence() {
        StringBuilder s = new StringBuilder(dryRun ? "Dry run" : "Re-derive " + rederiveId);
        s.append(" of ")
            .append(table)
            .append(" by ")
            .append(requestedBy)
            .append(": ")
            .append(scanned)
            .append(" row(s) read");
        counts.forEach((action, n) -> s.append(", ").append(n).append(' ').append(action));
        s.append(dryRun ? "; nothing was changed." : ".");
        return s.toString();
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isNull() || v.isMissingNode() ? null : v.asString();
    }

}
