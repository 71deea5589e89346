package io.paypipe.auditor;

import static io.paypipe.auditor.Found.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.auditor.History.Payment;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The auditor on a real database and broker, each test on a database and a topic of its
 * own: a correct history audits clean and the report says exactly what was read; an empty
 * database is clean only next to an empty topic; a scope audits its own orders only.
 */
class AuditorIntegrationTest {

    private AuditWorld world;

    @BeforeEach
    void world() {
        world = AuditWorld.create();
    }

    @AfterEach
    void close() {
        world.close();
    }

    @Test
    void aCorrectHistoryAuditsCleanAndCountsEverythingItRead() {
        // Given a correct history with one of every kind of row and record
        Baseline.seed(world.history());

        // When it is audited
        AuditReport report = world.audit();

        // Then nothing is reported, and every row and record was read
        assertThat(Found.of(report)).as(report.render()).isEmpty();
        assertThat(report.checked()).isEqualTo(Baseline.CHECKED);
        assertThat(report.orderPaidRecordsRead()).isEqualTo(3);
        assertThat(report.render())
            .endsWith("order_transition=2, orders=6, pay_notify_raw=8, "
                    + "pay_notify_raw handled=2=4, pay_notify_raw refundable outcomes=2, pay_refund_raw=3, "
                    + "pay_refund_raw handled=2=1, payment_ledger=2, " + CheckedNames.LEDGER_ROWS_CHECKED + "=2, "
                    + CheckedNames.LEDGER_ROWS_BEFORE_RETENTION
                    + "=0, recon_batch finished=0, refund=4, refund_task=2, " + "refund_transition by notice=1)\n")
            .startsWith("audit: no violation (checked ledger_correction rows=0, ops_alert=6, " + CheckedNames.EVENT_IDS
                    + "=2, ");
    }

    @Test
    void anEmptyDatabaseNextToAnEmptyTopicAuditsClean() {
        // Given a migrated database without a row and an order.paid topic without a
        // record

        // When it is audited
        AuditReport report = world.audit();

        // Then nothing is reported, and the read went through every partition of the
        // topic
        assertThat(Found.of(report)).as(report.render()).isEmpty();
        Map<String, Long> zero = new HashMap<>();
        Baseline.CHECKED.keySet().forEach(k -> zero.put(k, 0L));
        zero.put(CheckedNames.PARTITIONS, (long) OrderPaidTopic.PARTITIONS);
        assertThat(report.checked()).isEqualTo(zero);
    }

    @Test
    void anEmptyDatabaseNextToATopicWithARecordIsAViolation() {
        // Given an empty database, and an order.paid record on the topic
        String record = world.history().publish(new History.Order(41, "AUD-GHOST", 100), world.history().trade(), 100);

        // When it is audited
        AuditReport report = world.audit();

        // Then the record is reported: nothing in the ledger stands behind it
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(line(Invariant.ORDER_PAID_EVENT_HAS_LEDGER, "record", record));
        assertThat(report.orderPaidRecordsRead()).isEqualTo(1);
    }

    @Test
    void aScopeAuditsItsOwnOrdersAndTheirRecordsOnly() {
        // Given a correct history under prefix AUD- and, in the same database and topic,
        // damage under prefix OTHER-
        Baseline.seed(world.history());
        History other = new History(world.db().jdbc(), world.topic(), "OTHER-");
        Payment unpublished = other.paidWithoutRecord(900);
        String ghost = other.publish(other.order("PENDING", 50), other.trade(), 50);

        // When each scope is audited, and everything
        AuditReport mine = world.auditor().audit(AuditScope.outTradeNoPrefix("AUD-"), AuditWorld.BUDGET);
        AuditReport theirs = world.auditor().audit(AuditScope.outTradeNoPrefix("OTHER-"), AuditWorld.BUDGET);
        AuditReport all = world.audit();

        // Then the clean scope is clean and read its own rows; the other one, and the
        // whole, show the damage
        assertThat(Found.of(mine)).as(mine.render()).isEmpty();
        Map<String, Long> expected = new HashMap<>(Baseline.CHECKED);
        expected.put(CheckedNames.RECORDS, 4L); // every record is read, only those in
                                                // scope are judged
        assertThat(mine.checked()).isEqualTo(expected);
        assertThat(mine.render()).startsWith("audit of out_trade_no AUD-*: no violation");
        assertThat(Found.of(theirs)).as(theirs.render())
            .containsExactlyInAnyOrder(line(Invariant.LEDGER_HAS_ORDER_PAID_EVENT, "ledger_id", unpublished.ledgerId()),
                    line(Invariant.ORDER_PAID_EVENT_HAS_LEDGER, "record", ghost));
        assertThat(theirs.checked("orders")).isEqualTo(2);
        assertThat(Found.of(all)).as(all.render()).containsExactlyInAnyOrderElementsOf(Found.of(theirs));
    }

}
