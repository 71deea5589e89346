package io.paypipe.auditor;

import io.paypipe.core.topic.Topics;

/**
 * The names of the audit's counts about {@code order.paid}
 * ({@link AuditReport#checked()}), spelled out here from the topic catalogue rather than
 * taken from the auditor, so a renamed count fails the tests.
 */
final class CheckedNames {

    static final String ORDER_PAID = Topics.ORDER_PAID.name();
    static final String RECORDS = ORDER_PAID + " records";
    static final String PARTITIONS = ORDER_PAID + " partitions";
    static final String EVENT_IDS = ORDER_PAID + " event ids";
    static final String LEDGER_ROWS_CHECKED = "payment_ledger rows checked against " + ORDER_PAID;
    static final String LEDGER_ROWS_BEFORE_RETENTION = "payment_ledger rows older than " + ORDER_PAID + " retention";

    private CheckedNames() {
    }

}
