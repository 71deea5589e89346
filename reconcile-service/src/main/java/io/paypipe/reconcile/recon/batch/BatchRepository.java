package io.paypipe.reconcile.recon.batch;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.RunRequest;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * {@code recon_batch}: one statement per method. A batch is inserted RUNNING (the unique
 * key (channel, merchant, day, kind, run_no) lets one of two concurrent runs in) and
 * leaves RUNNING once, by a guarded UPDATE. The reads are public: the HTTP endpoints show
 * batches.
 */
@Repository
public class BatchRepository {

    private static final String COLUMNS = """
            id, channel, merchant_id, bill_day, run_kind, run_no, source, status, reasons, rows_read, bill_bytes,
            payments, refunds, fees, compared, diffs_open, diffs_resolved, summary_lines, summary_paid_minor,
            summary_refunded_minor, currency, confirmed_by, started_at, finished_at""";

    private final JdbcClient jdbc;

    BatchRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Inserts the batch RUNNING; a duplicate key means another run took the number. */
    long insert(RunRequest request, int runNo, Instant now) {
        KeyHolder keys = new GeneratedKeyHolder();
        jdbc.sql("""
                INSERT INTO recon_batch (channel, merchant_id, bill_day, run_kind, run_no, source, status,
                    confirmed_by, started_at)
                VALUES (:channel, :merchant, :day, :kind, :runNo, :source, 'RUNNING', :confirmedBy, :now)
                """)
            .param("channel", request.channel().code())
            .param("merchant", request.merchantId())
            .param("day", request.day())
            .param("kind", request.kind().code())
            .param("runNo", runNo)
            .param("source", request.source().code())
            .param("confirmedBy", request.confirmedBy().orElse(null))
            .param("now", Timestamp.from(now))
            .update(keys, "id");
        return keys.getKeyAs(Number.class).longValue();
    }

    public Optional<Batch> find(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM recon_batch WHERE id = :id")
            .param("id", id)
            .query(BatchRepository::batch)
            .optional();
    }

    /** The run of the day and kind with the highest number. */
    Optional<Batch> latest(Channel channel, String merchantId, LocalDate day, RunKind kind) {
        return jdbc.sql("SELECT " + COLUMNS + """
                 FROM recon_batch
                WHERE channel = :channel AND merchant_id = :merchant AND bill_day = :day AND run_kind = :kind
                ORDER BY run_no DESC LIMIT 1
                """)
            .param("channel", channel.code())
            .param("merchant", merchantId)
            .param("day", day)
            .param("kind", kind.code())
            .query(BatchRepository::batch)
            .optional();
    }

    /**
     * The batches of a channel, merchant and day, each filter optional, newest first.
     */
    public List<Batch> list(Optional<Channel> channel, Optional<String> merchantId, Optional<LocalDate> day,
            int limit) {
        return jdbc.sql("SELECT " + COLUMNS + """
                 FROM recon_batch
                WHERE (:channel IS NULL OR channel = :channel) AND (:merchant IS NULL OR merchant_id = :merchant)
                  AND (:day IS NULL OR bill_day = :day)
                ORDER BY id DESC LIMIT :limit
                """)
            .param("channel", channel.map(Channel::code).orElse(null))
            .param("merchant", merchantId.orElse(null))
            .param("day", day.orElse(null))
            .param("limit", limit)
            .query(BatchRepository::batch)
            .list();
    }

    /**
     * The lines read by the latest finished batch of the day that was not blocked (the
     * comparable day of the DROP guard); empty when there is none.
     */
    OptionalLong finishedLines(Channel channel, String merchantId, LocalDate day) {
        return jdbc.sql("""
                SELECT rows_read FROM recon_batch
                 WHERE channel = :channel AND merchant_id = :merchant AND bill_day = :day
                   AND status IN ('CLEAN', 'EMPTY_DAY', 'DIFFS')
                 ORDER BY finished_at DESC, id DESC LIMIT 1
                """)
            .param("channel", channel.code())
            .param("merchant", merchantId)
            .param("day", day)
            .query(Long.class)
            .optional()
            .map(OptionalLong::of)
            .orElse(OptionalLong.empty());
    }

    /** Ends a RUNNING batch; false when it was not RUNNING any more (declared dead). */
    boolean finish(long id, Finish end) {
        Tally t = end.tally();
        return jdbc.sql("""
                UPDATE recon_batch
                   SET status = :status, reasons = :reasons, rows_read = :rowsRead, bill_bytes = :bytes,
                       payments = :payments, refunds = :refunds, fees = :fees, summary_lines = :summaryLines,
                       summary_paid_minor = :summaryPaid, summary_refunded_minor = :summaryRefunded,
                       currency = :currency, compared = :compared, diffs_open = :open, diffs_resolved = :resolved,
                       finished_at = :at
                 WHERE id = :id AND status = 'RUNNING'
                """)
            .param("status", end.status().name())
            .param("reasons", end.reasons().orElse(null))
            .param("rowsRead", t.rowsRead())
            .param("bytes", t.billBytes())
            .param("payments", t.payments())
            .param("refunds", t.refunds())
            .param("fees", t.fees())
            .param("summaryLines", t.summaryLines().orElse(null))
            .param("summaryPaid", t.summaryPaidMinor().orElse(null))
            .param("summaryRefunded", t.summaryRefundedMinor().orElse(null))
            .param("currency", t.currency().orElse(null))
            .param("compared", end.compared())
            .param("open", end.diffsOpen())
            .param("resolved", end.diffsResolved())
            .param("at", Timestamp.from(end.at()))
            .param("id", id)
            .update() == 1;
    }

    private static Batch batch(ResultSet rs, int row) throws SQLException {
        return new Batch(rs.getLong("id"), Channel.fromCode(rs.getString("channel")), rs.getString("merchant_id"),
                rs.getObject("bill_day", LocalDate.class), RunKind.fromCode(rs.getString("run_kind")),
                rs.getInt("run_no"), rs.getString("source"), BatchStatus.valueOf(rs.getString("status")),
                Optional.ofNullable(rs.getString("reasons")), rs.getLong("rows_read"), rs.getLong("bill_bytes"),
                rs.getLong("payments"), rs.getLong("refunds"), rs.getLong("fees"), rs.getLong("compared"),
                rs.getLong("diffs_open"), rs.getLong("diffs_resolved"), optionalLong(rs, "summary_lines"),
                optionalLong(rs, "summary_paid_minor"), optionalLong(rs, "summary_refunded_minor"),
                Optional.ofNullable(rs.getString("currency")), Optional.ofNullable(rs.getString("confirmed_by")),
                rs.getTimestamp("started_at").toInstant(),
                Optional.ofNullable(rs.getTimestamp("finished_at")).map(Timestamp::toInstant));
    }

    private static Optional<Long> optionalLong(ResultSet rs, String column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? Optional.empty() : Optional.of(value);
    }

}
