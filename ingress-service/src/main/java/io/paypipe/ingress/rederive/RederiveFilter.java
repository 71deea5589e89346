package io.paypipe.ingress.rederive;

import java.time.Instant;

/**
 * Which {@code pay_notify_raw} rows a re-derive reads; every part optional, all given
 * parts must hold. {@code from} (inclusive) and {@code to} (exclusive) are about
 * {@code created_at} (the first delivery); {@code handled} 0, 1 or 2; {@code outcome} the
 * processor's outcome ({@code UNKNOWN_STATE}, ...); {@code lastError} a part of the
 * reason the row was set aside with.
 */
record RederiveFilter(String channel, String merchant, Instant from, Instant to, Integer handled, String outcome,
        String lastError) {

    boolean isEmpty() {
        return channel == null && merchant == null && from == null && to == null && handled == null && outcome == null
                && lastError == null;
    }

    /**
     * {@code lastError} as a LIKE pattern (its own {@code %}, {@code _} and {@code \}
     * escaped).
     */
    String lastErrorPattern() {
        return lastError == null ? null
                : "%" + lastError.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
    }

}
