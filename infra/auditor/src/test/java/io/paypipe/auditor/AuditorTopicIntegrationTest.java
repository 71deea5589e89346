package io.paypipe.auditor;

import static io.paypipe.auditor.Found.line;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.auditor.History.Payment;
import io.paypipe.embedded.TestInfra;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.junit.jupiter.api.Test;

/**
 * The two-way check between {@code order.paid} and the ledger, and a read of the topic
 * that cannot pass by reading nothing: each test has a correct history on a database and
 * a topic of its own, then breaks one thing.
 */
class AuditorTopicIntegrationTest extends CorrectHistoryBase {

    @Test
    void aRecordWithoutItsLedgerRowWithAnotherAmountOrUnreadableIsReported() {
        // Given three more records: an event no ledger row has, the paid order's event
        // with another paid amount, and
        // bytes that are no OrderPaid
        String ghost = history.publish(history.order("PENDING", 70), history.trade(), 70);
        String otherAmount = history.publish(baseline.paid().order(), baseline.paid().trade(), 999);
        String unreadable = world.topic().publish("t|m|AUD-X", "{not json".getBytes(StandardCharsets.UTF_8));

        // When it is audited
        AuditReport report = world.audit();

        // Then the three records are reported by their coordinates
        assertThat(Found.of(report)).as(report.render())
            .containsExactlyInAnyOrder(line(Invariant.ORDER_PAID_EVENT_HAS_LEDGER, "record", ghost),
                    line(Invariant.ORDER_PAID_EVENT_HAS_LEDGER, "record", otherAmount),
                    line(Invariant.ORDER_PAID_EVENT_HAS_LEDGER, "record", unreadable));
        assertThat(report.orderPaidRecordsRead()).isEqualTo(6);
    }

    @Test
    void aLedgerRowWhoseEventWasNeverPublishedIsReported() {
        // Given a payment applied and booked whose order.paid record was never published
        Payment unpublished = history.paidWithoutRecord(1_200);

        // When it is audited
        AuditReport report = world.audit();

        // Then its ledger row is reported
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(line(Invariant.LEDGER_HAS_ORDER_PAID_EVENT, "ledger_id", unpublished.ledgerId()));
        assertThat(report.checked(CheckedNames.LEDGER_ROWS_CHECKED)).isEqualTo(3);
    }

    @Test
    void aBrokerThatDoesNotAnswerIsAViolationWithinTheConnectTimeout() throws IOException {
        // Given bootstrap servers where no broker listens
        String nobody = "127.0.0.1:" + closedPort();

        // When it is audited with a 3 s connect timeout
        long started = System.nanoTime();
        AuditReport report = world.auditor(nobody, world.topic().name())
            .withTimeouts(Duration.ofSeconds(3), Duration.ofSeconds(30))
            .audit(AuditWorld.BUDGET);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        // Then the read is the violation, with its reason, soon; the database checks
        // still ran
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(line(Invariant.TOPIC_READ_COMPLETE, "topic", world.topic().name()));
        assertThat(reason(report)).startsWith("no answer from " + nobody + " within PT3S");
        assertThat(took).isLessThan(Duration.ofSeconds(15));
        assertThat(report.orderPaidRecordsRead()).isZero();
        assertThat(report.checked("payment_ledger")).isEqualTo(2);
    }

    @Test
    void aTopicThatDoesNotExistIsAViolationAndIsNotCreatedByTheRead() throws Exception {
        // Given a topic name nothing created, on a broker that creates topics on demand
        String missing = OrderPaidTopic.missing().name();

        // When it is audited
        AuditReport report = world.auditor(TestInfra.get().bootstrapServers(), missing).audit(AuditWorld.BUDGET);

        // Then the read is the violation, and the topic still does not exist
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(line(Invariant.TOPIC_READ_COMPLETE, "topic", missing));
        assertThat(reason(report)).startsWith("topic " + missing + " does not exist");
        try (Admin admin = Admin
            .create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()))) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).doesNotContain(missing);
        }
    }

    @Test
    void aReadThatRunsOutOfTimeIsAViolation() {
        // Given a read allowed no time at all on a topic with records

        // When it is audited
        AuditReport report = world.auditor()
            .withTimeouts(Duration.ofSeconds(10), Duration.ZERO)
            .audit(AuditWorld.BUDGET);

        // Then the read is the violation, and no ledger row is judged against what it did
        // not read
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(line(Invariant.TOPIC_READ_COMPLETE, "topic", world.topic().name()));
        assertThat(reason(report)).isEqualTo("read timed out after PT0S before the end offsets");
        assertThat(report.checked(CheckedNames.LEDGER_ROWS_CHECKED)).isZero();
    }

    @Test
    void anEmptyTopicNextToALedgerWithRowsIsAViolation() {
        // Given the topic lost every record (retention, or it was recreated) while the
        // ledger has its two rows
        world.topic().expireEverything();

        // When it is audited
        AuditReport report = world.audit();

        // Then the read is the violation, not each ledger row
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(line(Invariant.TOPIC_READ_COMPLETE, "topic", world.topic().name()));
        assertThat(reason(report)).startsWith("the read reached the end, but " + world.topic().name()
                + " holds no record while payment_ledger has 2 rows");
    }

    @Test
    void aLedgerRowOlderThanTheTopicsRetentionIsCountedNotJudged() {
        // Given the history so far is 8 days old and its records expired, then a new
        // payment with its record, then
        // one whose record is missing
        world.db().jdbc().sql("UPDATE payment_ledger SET created_at = created_at - INTERVAL 8 DAY").update();
        world.topic().expireEverything();
        history.paid(500);
        Payment unpublished = history.paidWithoutRecord(600);

        // When it is audited
        AuditReport report = world.audit();

        // Then only the newer row without record is reported; the two rows older than
        // what the topic keeps are counted
        assertThat(Found.of(report)).as(report.render())
            .containsExactly(line(Invariant.LEDGER_HAS_ORDER_PAID_EVENT, "ledger_id", unpublished.ledgerId()));
        assertThat(report.checked(CheckedNames.LEDGER_ROWS_BEFORE_RETENTION)).isEqualTo(2);
        assertThat(report.checked(CheckedNames.LEDGER_ROWS_CHECKED)).isEqualTo(2);
    }

    private static String reason(AuditReport report) {
        return (String) report.violations().getFirst().rows().getFirst().get("reason");
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

}
