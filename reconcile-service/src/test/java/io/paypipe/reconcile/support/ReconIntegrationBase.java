package io.paypipe.reconcile.support;

import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doReturn;

import io.paypipe.core.id.Channel;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.reconcile.ReconcileApplication;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.Source;
import io.paypipe.reconcile.recon.batch.BatchRepository;
import io.paypipe.reconcile.recon.batch.BillRun;
import io.paypipe.reconcile.recon.batch.RunProgress;
import io.paypipe.reconcile.recon.diff.BatchScope;
import io.paypipe.reconcile.recon.diff.Category;
import io.paypipe.reconcile.recon.diff.DiffCounts;
import io.paypipe.reconcile.recon.diff.DiffFinder;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/**
 * Every bill reconciliation integration test ({@code recon}): reconcile-service on the
 * shared broker and database, a batch counted as dead after {@value #STALE_AFTER}
 * (compressed from 1h), lines inserted {@value #INSERT_BATCH} at a time (the default).
 * The comparison ({@link DiffFinder}) is a Mockito spy: a test that lets a bill pass the
 * guards says what the comparison finds ({@link #comparisonFinds}), so that the runner's
 * statuses are asserted on their own; every other call is the real comparison. Bills are
 * files written by {@code recon.ReconBills}; each test uses its own merchant, so the
 * unique key of {@code recon_batch} never meets another test's batch.
 */
@SpringBootTest(classes = ReconcileApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "reconcile.bill.stale-after=" + ReconIntegrationBase.STALE_AFTER,
                "reconcile.bill.insert-batch-size=" + ReconIntegrationBase.INSERT_BATCH })
public abstract class ReconIntegrationBase {

    public static final String STALE_AFTER = "20s";

    public static final int INSERT_BATCH = 1000;

    protected static final Duration WAIT = Duration.ofSeconds(60);

    @Autowired
    protected JdbcClient jdbc;

    @Autowired
    protected BillRun billRun;

    @Autowired
    protected BatchRepository batches;

    @Autowired
    protected RunProgress progress;

    @MockitoSpyBean
    protected DiffFinder diffFinder;

    @LocalServerPort
    protected int port;

    /**
     * The shared infrastructure; the watchdog's Kafka Streams with its own application id
     * and state directory (under {@code target/}), so that it never meets another
     * context's or another test JVM's lock on the default one.
     */
    @DynamicPropertySource
    static void sharedInfra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        String own = "recon-it-" + UUID.randomUUID();
        registry.add("reconcile.watch.application-id", () -> own);
        registry.add("reconcile.watch.state-dir", () -> Path.of("target", "streams-" + own));
    }

    @BeforeAll
    static void topics() {
        TestInfra.get().broker().createTopics(List.of(Topics.OPS_ALERT.name()), Topics.DEFAULT_PARTITIONS);
    }

    protected static String bootstrapServers() {
        return TestInfra.get().bootstrapServers();
    }

    /** A WeChat import of {@code file} for the merchant's day. */
    protected static RunRequest wechatImport(String merchant, LocalDate day, RunKind kind, Path file,
            Optional<String> confirmedBy) {
        return new RunRequest(Channel.WECHATPAY, merchant, day, kind, new Source.Import(file, Optional.empty()),
                confirmedBy);
    }

    /** Starts the run and waits for its batch to finish. */
    protected Batch runToEnd(RunRequest request) {
        return awaitFinished(billRun.start(request).batch().id());
    }

    protected Batch awaitFinished(long batchId) {
        return await().atMost(WAIT)
            .until(() -> batches.find(batchId).orElseThrow(), (b) -> b.status() != BatchStatus.RUNNING);
    }

    /** What the comparison of the next batches answers (differences found). */
    protected void comparisonFinds(long compared, long open, Map<Category, Long> by) {
        doReturn(new DiffCounts(compared, open, 0, by)).when(diffFinder).compare(any());
    }

    /** The comparison answers what {@code answer} makes of the scope. */
    protected void comparisonAnswers(Function<BatchScope, DiffCounts> answer) {
        doAnswer((call) -> answer.apply(call.getArgument(0))).when(diffFinder).compare(any());
    }

    /** The {@code ops_alert} rows of kind for the batch (0 or 1). */
    protected long alerts(String kind, long batchId) {
        return jdbc.sql("SELECT COUNT(*) FROM ops_alert WHERE kind = :kind AND alert_key = :key")
            .param("kind", kind)
            .param("key", kind + ":" + batchId)
            .query(Long.class)
            .single();
    }

    /**
     * A {@code recon_diff} row as the comparison writes it, found by the batch (for the
     * endpoints that show differences).
     */
    protected void insertDiff(BatchScope scope, Category category, String tradeNo, String field) {
        jdbc.sql("""
                INSERT INTO recon_diff (batch_id, channel, merchant_id, bill_day, category, channel_trade_no, field,
                    channel_value, local_value, handle_status, created_at, updated_at)
                VALUES (:batchId, :channel, :merchant, :day, :category, :tradeNo, :field, '1234 CNY', NULL, 'OPEN',
                    :now, :now)
                """)
            .param("batchId", scope.batchId())
            .param("channel", scope.channel().code())
            .param("merchant", scope.merchantId())
            .param("day", scope.day())
            .param("category", category.name())
            .param("tradeNo", tradeNo)
            .param("field", field)
            .param("now", Timestamp.from(Instant.now()))
            .update();
    }

    /** The batch's lines stored in {@code recon_bill_line}. */
    protected long storedLines(long batchId) {
        return jdbc.sql("SELECT COUNT(*) FROM recon_bill_line WHERE batch_id = :id")
            .param("id", batchId)
            .query(Long.class)
            .single();
    }

    /**
     * A finished batch of a day written as the runner writes it (a comparable day for the
     * DROP guard, or a batch left RUNNING), started at {@code startedAt}.
     */
    protected long insertBatch(Channel channel, String merchant, LocalDate day, RunKind kind, int runNo,
            BatchStatus status, long rowsRead, Instant startedAt) {
        jdbc.sql("""
                INSERT INTO recon_batch (channel, merchant_id, bill_day, run_kind, run_no, source, status, rows_read,
                    started_at, finished_at)
                VALUES (:channel, :merchant, :day, :kind, :runNo, 'IMPORT', :status, :rows, :at, :finished)
                """)
            .param("channel", channel.code())
            .param("merchant", merchant)
            .param("day", day)
            .param("kind", kind.code())
            .param("runNo", runNo)
            .param("status", status.name())
            .param("rows", rowsRead)
            .param("at", Timestamp.from(startedAt))
            .param("finished", status.finished() ? Timestamp.from(startedAt.plusSeconds(1)) : null)
            .update();
        return jdbc.sql("""
                SELECT id FROM recon_batch WHERE channel = :channel AND merchant_id = :merchant AND bill_day = :day
                   AND run_kind = :kind AND run_no = :runNo
                """)
            .param("channel", channel.code())
            .param("merchant", merchant)
            .param("day", day)
            .param("kind", kind.code())
            .param("runNo", runNo)
            .query(Long.class)
            .single();
    }

}
