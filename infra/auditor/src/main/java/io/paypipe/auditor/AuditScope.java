package io.paypipe.auditor;

import java.util.Map;

/**
 * Which part of the history to audit: everything ({@link #ALL}, the default) or the
 * orders whose {@code out_trade_no} starts with a prefix (a test or a batch that shares
 * its database and broker with others). Rows are scoped through their order (ledger rows,
 * transitions, refunds, refund tasks), raw rows and alerts through their own
 * {@code out_trade_no}, {@code order.paid} records through their order key. A row no
 * order owns is only audited with {@link #ALL}.
 */
public record AuditScope(String outTradeNoPrefix) {

    public static final AuditScope ALL = new AuditScope("");

    public AuditScope {
        if (outTradeNoPrefix == null) {
            throw new IllegalArgumentException("outTradeNoPrefix must not be null (use AuditScope.ALL)");
        }
    }

    public static AuditScope outTradeNoPrefix(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            throw new IllegalArgumentException("a scope prefix must not be empty (use AuditScope.ALL)");
        }
        return new AuditScope(prefix);
    }

    public boolean all() {
        return outTradeNoPrefix.isEmpty();
    }

    /**
     * True when a row or record of this order is in scope ({@code null}: no order known,
     * in scope only for ALL).
     */
    boolean includes(String outTradeNo) {
        return all() || (outTradeNo != null && outTradeNo.startsWith(outTradeNoPrefix));
    }

    /**
     * The named parameters of the scope condition every audit query has:
     * {@code (:all OR x.out_trade_no LIKE :like)}.
     */
    Map<String, Object> params() {
        String escaped = outTradeNoPrefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
        return Map.of("all", all(), "like", escaped + "%");
    }

    @Override
    public String toString() {
        return all() ? "all" : "out_trade_no " + outTradeNoPrefix + "*";
    }
}
