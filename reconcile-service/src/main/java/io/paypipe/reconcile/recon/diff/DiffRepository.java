package io.paypipe.reconcile.recon.diff;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * {@code recon_diff} after the findings: the rerun's resolution of what it no longer
 * found, the counts, the reads, and the guarded moves of a person or of the ledger sweep
 * ({@code UPDATE ... WHERE id AND handle_status = 'OPEN'}: a difference is closed once).
 */
@Repository
class DiffRepository {

    private final JdbcClient jdbc;

    DiffRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * OPEN differences of the scope's day last found by an earlier batch (a later batch
     * running at the same time keeps its own): RESOLVED by {@value DiffUpsert#RERUN}.
     */
    int resolveVanished(BatchScope scope, Instant now) {
        return jdbc.sql("""
                UPDATE recon_diff
                   SET handle_status = 'RESOLVED', handled_by = :by, handled_at = :now, updated_at = :now,
                       handle_note = CONCAT('not found by batch ', :batch)
                 WHERE handle_status = 'OPEN' AND channel = :channel AND merchant_id = :merchant AND bill_day = :day
                   AND batch_id < :batch
                """)
            .param("by", DiffUpsert.RERUN)
            .param("now", Timestamp.from(now))
            .param("batch", scope.batchId())
            .param("channel", scope.channel().code())
            .param("merchant", scope.merchantId())
            .param("day", scope.day())
            .update();
    }

    /** The OPEN differences last found by batch {@code batchId}, by category. */
    Map<Category, Long> openByCategory(long batchId) {
        Map<Category, Long> counts = new EnumMap<>(Category.class);
        jdbc.sql("""
                SELECT category, COUNT(*) AS n FROM recon_diff
                 WHERE batch_id = :batch AND handle_status = 'OPEN' GROUP BY category
                """)
            .param("batch", batchId)
            .query((rs, i) -> Map.entry(Category.valueOf(rs.getString("category")), rs.getLong("n")))
            .list()
            .forEach(e -> counts.put(e.getKey(), e.getValue()));
        return counts;
    }

    /**
     * OPEN CHANNEL_ONLY payment differences whose trade is now in the ledger: RESOLVED by
     * {@code ledger}, note {@code payment landed}.
     */
    int resolveLanded(Instant now) {
        return jdbc.sql("""
                UPDATE recon_diff d
                   SET d.handle_status = 'RESOLVED', d.handled_by = 'ledger', d.handled_at = :now,
                       d.handle_note = 'payment landed', d.updated_at = :now
                 WHERE d.handle_status = 'OPEN' AND d.category = 'CHANNEL_ONLY' AND d.field = 'payment'
                   AND EXISTS (SELECT 1 FROM payment_ledger l
                                WHERE l.channel = d.channel AND l.channel_trade_no = d.channel_trade_no)
                """).param("now", Timestamp.from(now)).update();
    }

    Optional<Diff> find(long id) {
        return jdbc.sql("SELECT " + Diff.COLUMNS + " FROM recon_diff WHERE id = :id")
            .param("id", id)
            .query((rs, i) -> Diff.read(rs))
            .optional();
    }

    /** The differences batch {@code batchId} last found, in {@code statuses}, by id. */
    List<Diff> ofBatch(long batchId, List<HandleStatus> statuses, int limit) {
        return jdbc.sql("SELECT " + Diff.COLUMNS + """
                 FROM recon_diff WHERE batch_id = :batch AND handle_status IN (:statuses) ORDER BY id LIMIT :limit
                """)
            .param("batch", batchId)
            .param("statuses", statuses.stream().map(Enum::name).toList())
            .param("limit", limit)
            .query((rs, i) -> Diff.read(rs))
            .list();
    }

    /** The differences of a merchant's day at a channel, in {@code statuses}, by id. */
    List<Diff> ofDay(String channel, String merchantId, LocalDate day, List<HandleStatus> statuses, int limit) {
        return jdbc.sql("SELECT " + Diff.COLUMNS + """
                 FROM recon_diff
                WHERE channel = :channel AND merchant_id = :merchant AND bill_day = :day
                  AND handle_status IN (:statuses)
                ORDER BY id LIMIT :limit
                """)
            .param("channel", channel)
            .param("merchant", merchantId)
            .param("day", day)
            .param("statuses", statuses.stream().map(Enum::name).toList())
            .param("limit", limit)
            .query((rs, i) -> Diff.read(rs))
            .list();
    }

    /** OPEN -> IGNORED by a person; false when it was not OPEN (or does not exist). */
    boolean ignore(long id, String by, String note, Instant now) {
        return close(id, HandleStatus.IGNORED, by, note, now, false);
    }

    /**
     * An OPEN AMOUNT difference -> RESOLVED by the person who corrected it; false when it
     * was not OPEN.
     */
    boolean resolveCorrected(long id, String by, String note, Instant now) {
        return close(id, HandleStatus.RESOLVED, by, note, now, true);
    }

    /** The note of an OPEN difference (what became of its follow-up). */
    void note(long id, String note, Instant now) {
        jdbc.sql(
                "UPDATE recon_diff SET handle_note = :note, updated_at = :now WHERE id = :id AND handle_status = 'OPEN'")
            .param("note", note)
            .param("now", Timestamp.from(now))
            .param("id", id)
            .update();
    }

    private boolean close(long id, HandleStatus to, String by, String note, Instant now, boolean amountOnly) {
        return jdbc.sql("""
                UPDATE recon_diff
                   SET handle_status = :to, handled_by = :by, handled_at = :now, handle_note = :note, updated_at = :now
                 WHERE id = :id AND handle_status = 'OPEN' AND (:amountOnly = FALSE OR category = 'AMOUNT')
                """)
            .param("to", to.name())
            .param("by", by)
            .param("now", Timestamp.from(now))
            .param("note", note)
            .param("id", id)
            .param("amountOnly", amountOnly)
            .update() == 1;
    }

}
