package io.paypipe.processor.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.processor.config.ProcessorProperties.ReplayAudit;
import io.paypipe.processor.replay.ReplayAuditPurge.Purged;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.alert.AlertRepository;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The replay audit's purge against the real database: its own {@link ReplayAuditPurge} on
 * a clock in 2003 (no other test's requests are that old), keep 400 days, batches of one
 * request and chunks of ten records.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "processor.retry-delays=100ms,100ms", "processor.dead-letter-retry-delays=50ms" })
class ReplayAuditPurgeIntegrationTest extends ProcessorIntegrationBase {

    private static final Instant NOW = Instant.parse("2003-01-01T00:00:00Z");

    @Autowired
    private ReplayAuditRows rows;

    @Autowired
    private AlertRepository alerts;

    @Autowired
    private AlertPublisher publisher;

    @Test
    void givenRequestsOlderThanTheRetention_whenThePurgeRuns_thenTheyGoWithTheirRecordsAndYoungerOnesStay() {
        // Given two requests made more than 400 days ago (25 records and 1) and one
        // made 214 days ago (2 records)
        String old = request(Instant.parse("2001-06-01T00:00:00Z"), 25);
        String older = request(Instant.parse("2001-05-01T00:00:00Z"), 1);
        String young = request(Instant.parse("2002-06-01T00:00:00Z"), 2);

        // When the purge runs
        Purged purged = new ReplayAuditPurge(rows, new ReplayAudit(true, Duration.ofDays(400), Duration.ofDays(1), 1),
                Clock.fixed(NOW, ZoneOffset.UTC), alerts, publisher)
            .purge();

        // Then the old requests and all their records are gone (in chunks of ten), the
        // young one is whole
        assertThat(purged).isEqualTo(new Purged(2, 26));
        for (String id : new String[] { old, older }) {
            assertThat(count("dlt_replay", id)).isZero();
            assertThat(count("dlt_replay_record", id)).isZero();
        }
        assertThat(count("dlt_replay", young)).isOne();
        assertThat(count("dlt_replay_record", young)).isEqualTo(2);
    }

    private String request(Instant at, int records) {
        String id = UUID.randomUUID().toString();
        jdbc.sql("""
                INSERT INTO dlt_replay (replay_id, requested_by, reason, requested_at, selection_kind, selection_json)
                VALUES (:id, 'alice', 'test', :at, 'RECORDS', '[]')""")
            .param("id", id)
            .param("at", Timestamp.from(at))
            .update();
        // a topic no other test publishes to: the young request's rows stay in the
        // shared database, where a real dead-letter topic's partition 0, offsets 0..,
        // would count as replays of another test's dead letter
        for (int i = 0; i < records; i++) {
            jdbc.sql("""
                    INSERT INTO dlt_replay_record (replay_id, dlt_topic, dlt_partition, dlt_offset, target_topic,
                        status, created_at, updated_at)
                    VALUES (:id, 'audit-purge-test-dlt', 0, :offset, 'payment.notify', 'PUBLISHED', :at, :at)""")
                .param("id", id)
                .param("offset", i)
                .param("at", Timestamp.from(at))
                .update();
        }
        return id;
    }

    private long count(String table, String replayId) {
        return jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE replay_id = :id")
            .param("id", replayId)
            .query(Long.class)
            .single();
    }

}
