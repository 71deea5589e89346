package io.paypipe.processor.observe;

import io.paypipe.support.observe.CachedGauges.Reading;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The counts behind the processor's database gauges, read by its refresher (never per
 * scrape). Each is grouped by bounded columns only: channel (three) and merchant (the
 * merchants file's), or the dead-letter topic.
 */
@Repository
class OpsGaugeQueries {

    private final JdbcClient jdbc;

    OpsGaugeQueries(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Raw payment rows still at handled=0 that arrived before {@code before}. */
    List<Reading> unsettledSince(Instant before) {
        return jdbc.sql("""
                SELECT channel, merchant_id, COUNT(*) AS n FROM pay_notify_raw
                 WHERE handled = 0 AND created_at < :before GROUP BY channel, merchant_id""")
            .param("before", Timestamp.from(before))
            .query((rs, i) -> Reading.of(rs.getLong("n"), "channel", rs.getString("channel"), "merchant",
                    rs.getString("merchant_id")))
            .list();
    }

    /**
     * Raw payment rows set aside for a person (handled=2) and not touched since
     * {@code before}.
     */
    List<Reading> manualSince(Instant before) {
        return jdbc.sql("""
                SELECT channel, merchant_id, COUNT(*) AS n FROM pay_notify_raw
                 WHERE handled = 2 AND updated_at < :before GROUP BY channel, merchant_id""")
            .param("before", Timestamp.from(before))
            .query((rs, i) -> Reading.of(rs.getLong("n"), "channel", rs.getString("channel"), "merchant",
                    rs.getString("merchant_id")))
            .list();
    }

    /** Dead letters replayed (published again), by dead-letter topic. */
    Map<String, Long> replayedByTopic() {
        return jdbc.sql("""
                SELECT dlt_topic, COUNT(DISTINCT dlt_partition, dlt_offset) AS n FROM dlt_replay_record
                 WHERE status = 'PUBLISHED' GROUP BY dlt_topic""")
            .query((rs, i) -> Map.entry(rs.getString("dlt_topic"), rs.getLong("n")))
            .list()
            .stream()
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    }

}
