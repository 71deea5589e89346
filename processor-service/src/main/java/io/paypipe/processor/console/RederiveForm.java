package io.paypipe.processor.console;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The re-derive page's form as typed: which raw table ({@code pay_notify_raw}, the
 * default, or {@code pay_refund_raw}), the filter ingress-service's
 * {@code POST /ops/rederive} takes (the times UTC, {@code datetime-local} or ISO
 * instants), and {@code afterId} to go on where a request stopped at ingress's row limit.
 */
record RederiveForm(String table, String channel, String merchant, String from, String to, String handled,
        String outcome, String lastError, String afterId) {

    static final String PAYMENTS = "pay_notify_raw";

    static final String REFUNDS = "pay_refund_raw";

    /** The table to re-derive: refund notices when asked for, payments otherwise. */
    public String tableOrDefault() {
        return REFUNDS.equals(trim(table)) ? REFUNDS : PAYMENTS;
    }

    /**
     * The request body for {@code POST /ops/rederive} (without apply and reason).
     * @throws IllegalArgumentException a time, handled state or id that is not one
     */
    Map<String, Object> body() {
        Map<String, Object> filter = new LinkedHashMap<>();
        put(filter, "channel", trim(channel));
        put(filter, "merchant", trim(merchant));
        put(filter, "from", time(from));
        put(filter, "to", time(to));
        put(filter, "handled", number("handled", handled));
        put(filter, "outcome", trim(outcome));
        put(filter, "lastError", trim(lastError));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("table", tableOrDefault());
        body.put("filter", filter);
        put(body, "afterId", number("after id", afterId));
        return body;
    }

    /** The form again as a query, for the page after the action. */
    String query() {
        UriComponentsBuilder b = UriComponentsBuilder.fromPath("");
        add(b, "table", tableOrDefault());
        add(b, "channel", channel);
        add(b, "merchant", merchant);
        add(b, "from", from);
        add(b, "to", to);
        add(b, "handled", handled);
        add(b, "outcome", outcome);
        add(b, "lastError", lastError);
        add(b, "afterId", afterId);
        return b.build().encode().toUriString();
    }

    private static void put(Map<String, Object> map, String name, Object value) {
        if (value != null) {
            map.put(name, value);
        }
    }

    private static void add(UriComponentsBuilder b, String name, String value) {
        if (trim(value) != null) {
            b.queryParam(name, value.strip());
        }
    }

    private static Long number(String what, String s) {
        String t = trim(s);
        if (t == null) {
            return null;
        }
        if (!t.matches("[0-9]{1,18}")) {
            throw new IllegalArgumentException(what + " is a whole number, not " + t);
        }
        return Long.parseLong(t);
    }

    private static String time(String s) {
        String t = trim(s);
        if (t == null) {
            return null;
        }
        try {
            return (t.endsWith("Z") ? Instant.parse(t) : LocalDateTime.parse(t).toInstant(ZoneOffset.UTC)).toString();
        }
        catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not a time: " + t + " (e.g. 2026-12-02T03:40, UTC)");
        }
    }

    private static String trim(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

}
