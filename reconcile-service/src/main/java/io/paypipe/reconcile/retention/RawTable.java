package io.paypipe.reconcile.retention;

/**
 * The raw tables whose settled bodies are archived, with their archive tables and the key
 * columns copied along (so an archive row reads on its own).
 */
enum RawTable {

    PAYMENTS("pay_notify_raw", "pay_notify_raw_archive", "merchant_id, channel, channel_trade_no"),

    REFUNDS("pay_refund_raw", "pay_refund_raw_archive", "merchant_id, channel, refund_key, refund_state");

    private final String table;

    private final String archive;

    private final String keyColumns;

    RawTable(String table, String archive, String keyColumns) {
        this.table = table;
        this.archive = archive;
        this.keyColumns = keyColumns;
    }

    String table() {
        return table;
    }

    String archive() {
        return archive;
    }

    String keyColumns() {
        return keyColumns;
    }

}
