package io.paypipe.reconcile.recon.web;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reads {@code recon_diff} for the batch endpoints: the open differences a batch found,
 * by category (the differences themselves are {@code recon.diff}'s
 * {@code GET /recon/diffs}).
 */
@Repository
class DiffListRepository {

    private final JdbcClient jdbc;

    DiffListRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The open differences whose last finder is the batch, by category. */
    Map<String, Long> openByCategory(long batchId) {
        Map<String, Long> counts = new LinkedHashMap<>();
        jdbc.sql("""
                SELECT category, COUNT(*) AS n FROM recon_diff
                 WHERE batch_id = :batchId AND handle_status = 'OPEN'
                 GROUP BY category ORDER BY category
                """).param("batchId", batchId).query((rs) -> {
            counts.put(rs.getString("category"), rs.getLong("n"));
        });
        return counts;
    }

}
