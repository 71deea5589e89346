package io.paypipe.bench.backlog;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * MariaDB's per-session status counters of ONE connection, read before and after a piece
 * of work so that the difference is exactly what that work cost the server.
 *
 * <ul>
 * <li>rows examined: {@code Rows_read}, MariaDB's per-session count of row reads from
 * tables (temporary tables, such as the one SHOW STATUS itself fills, are counted apart
 * in {@code Rows_tmp_read});</li>
 * <li>handler reads: the sum of
 * {@code Handler_read_first|key|last|next|prev|rnd|rnd_next}, the classic cross-check (it
 * also counts an index lookup that found nothing);</li>
 * <li>statements: {@code Com_select + Com_insert + Com_update + Com_delete}; transaction
 * control (SET autocommit, ROLLBACK) and SHOW are not counted;</li>
 * <li>rows written: {@code Handler_write + Handler_update + Handler_delete}.</li>
 * </ul>
 * The cost of reading the counters (a SHOW SESSION STATUS) is measured once and
 * subtracted from every difference.
 */
final class SessionCounters {

    static final List<String> HANDLER_READS = List.of("Handler_read_first", "Handler_read_key", "Handler_read_last",
            "Handler_read_next", "Handler_read_prev", "Handler_read_rnd", "Handler_read_rnd_next");
    static final List<String> STATEMENTS = List.of("Com_select", "Com_insert", "Com_update", "Com_delete");
    static final List<String> WRITES = List.of("Handler_write", "Handler_update", "Handler_delete");

    private static final String ROWS_READ = "Rows_read";

    /** Counter differences of a piece of work. */
    record Delta(long rowsExamined, long handlerReads, long statements, long rowsWritten) {
        Delta plus(Delta other) {
            return new Delta(rowsExamined + other.rowsExamined, handlerReads + other.handlerReads,
                    statements + other.statements, rowsWritten + other.rowsWritten);
        }

        Delta minus(Delta other) {
            return plus(other.times(-1));
        }

        Delta times(long n) {
            return new Delta(rowsExamined * n, handlerReads * n, statements * n, rowsWritten * n);
        }

        static final Delta ZERO = new Delta(0, 0, 0, 0);

    }

    /** The counters at one moment. */
    record Snapshot(long rowsRead, long handlerReads, long statements, long rowsWritten) {
    }

    private final JdbcClient pinned;

    private final Delta probeCost;

    /**
     * {@code pinned} must always use the same physical connection as the measured work.
     */
    SessionCounters(JdbcClient pinned) {
        this.pinned = pinned;
        Snapshot first = read();
        Snapshot second = read();
        this.probeCost = raw(first, second);
    }

    Snapshot read() {
        Map<String, Long> values = new HashMap<>();
        List<String> names = new ArrayList<>(HANDLER_READS);
        names.addAll(STATEMENTS);
        names.addAll(WRITES);
        names.add(ROWS_READ);
        pinned.sql("SHOW SESSION STATUS WHERE Variable_name IN (:names)").param("names", names).query(rs -> {
            values.put(rs.getString(1), rs.getLong(2));
        });
        long handler = HANDLER_READS.stream().mapToLong(n -> values.getOrDefault(n, 0L)).sum();
        long statements = STATEMENTS.stream().mapToLong(n -> values.getOrDefault(n, 0L)).sum();
        long writes = WRITES.stream().mapToLong(n -> values.getOrDefault(n, 0L)).sum();
        return new Snapshot(values.getOrDefault(ROWS_READ, 0L), handler, statements, writes);
    }

    /** What happened between two snapshots, less the cost of taking the second one. */
    Delta between(Snapshot before, Snapshot after) {
        return between(before, after, 0);
    }

    /**
     * As {@link #between(Snapshot, Snapshot)}, when {@code readsInBetween} more snapshots
     * were taken meanwhile.
     */
    Delta between(Snapshot before, Snapshot after, long readsInBetween) {
        return raw(before, after).minus(probeCost.times(1 + readsInBetween));
    }

    /**
     * What one SHOW SESSION STATUS adds to the counters itself (zero on MariaDB 10.11,
     * measured anyway).
     */
    Delta probeCost() {
        return probeCost;
    }

    private static Delta raw(Snapshot before, Snapshot after) {
        return new Delta(after.rowsRead() - before.rowsRead(), after.handlerReads() - before.handlerReads(),
                after.statements() - before.statements(), after.rowsWritten() - before.rowsWritten());
    }

}
