package io.paypipe.processor.config;

import io.paypipe.support.ServiceSettings;
import io.paypipe.support.kafka.BatchListeners;
import io.paypipe.support.topic.TopicSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Everything the processor can be told. It is also the {@link ServiceSettings} of the
 * plumbing the processor shares with refund-service (service-support).
 *
 * @param publishTimeout how long to wait for the broker to confirm a downstream event
 * @param retryDelays the retry ladder of {@code payment.notify}: the delay before each
 * retry topic ({@code payment.notify-retry-0}, ...); a record that failed transiently on
 * every level goes to {@code payment.notify-dlt}; attempts = delays + 1
 * @param orderRetryDelays the same for {@code order.created}
 * ({@code order.created-retry-<i>}, then {@code order.created-dlt} with an
 * ORDER_NOT_STORED alert)
 * @param deadLetterRetryDelays how often a dead-letter handler tries again to store its
 * alert and settle its raw row (the database may be down); after the last one the alert
 * goes to {@code ops.alert}, an ERROR line and a counter only. Keep the sum well under
 * max.poll.interval.ms (5 min)
 * @param concurrency consumer threads per listener (and per retry topic) in this
 * instance; 2 on a 2-core host: a third thread only makes each one's batches smaller, so
 * every poll, transaction, publish and offset commit carries fewer records (README, "Two
 * consumer threads")
 * @param topicPartitions partitions of the topics the processor declares
 * @param topicReplicas replicas of those topics (1 for the embedded broker, 3 in
 * production)
 * @param haltAfterCommit fault injection for tests only: halt the JVM right after the
 * database commit, before the downstream publish and the offset commit
 * @param pauseAfterCommitWhen fault injection for tests only: while this file exists, a
 * consumer thread that has just committed an applied payment stops there (before its
 * publish and offset commit), so that a test can kill the JVM with work in flight
 * @param deadLetterQueryWindow how long the active query that a dead letter of
 * {@code payment.notify} schedules for its order runs ({@code PaymentQueryDue.expiresAt}
 * = now + this)
 * @param batch how {@code payment.notify} is consumed: in batches (the default) or one
 * record at a time
 * @param pauseAlertAfter how long the payment consumers may stay paused
 * ({@code POST /ops/consumers/pause}) before a CONSUMERS_PAUSED alert is raised
 * @param topicMinInsyncReplicas {@code min.insync.replicas} of the topics the processor
 * declares (1 for the embedded broker, 2 in production); partitions, replicas and this
 * are also the floor an existing topic is checked against at start
 * @param retryConcurrency consumer threads per retry topic and per dead-letter topic:
 * they carry only the failures, and each idle consumer still polls the broker
 * @param replayAudit the retention of the replay audit ({@code processor.replay-audit.*})
 */
@ConfigurationProperties("processor")
public record ProcessorProperties(@DefaultValue("5s") Duration publishTimeout, @DefaultValue( {
        "10s", "30s", "1m", "5m", "15m", "30m", "1h", "2h" }) List<Duration> retryDelays,
        @DefaultValue({ "10s", "30s", "1m", "5m", "15m", "30m", "1h", "2h" }) List<Duration> orderRetryDelays,
        @DefaultValue({ "1s", "5s", "30s" }) List<Duration> deadLetterRetryDelays, @DefaultValue("2") int concurrency,
        @DefaultValue("6") int topicPartitions, @DefaultValue("1") short topicReplicas,
        @DefaultValue("false") boolean haltAfterCommit, Path pauseAfterCommitWhen,
        @DefaultValue("2h") Duration deadLetterQueryWindow, @DefaultValue Batch batch,
        @DefaultValue("5m") Duration pauseAlertAfter, @DefaultValue("1") short topicMinInsyncReplicas,
        @DefaultValue("1") int retryConcurrency, @DefaultValue ReplayAudit replayAudit,
        @DefaultValue("30s") Duration metricsRefreshInterval, @DefaultValue("10m") Duration stuckUnsettledAfter,
        @DefaultValue("24h") Duration stuckManualAfter) implements ServiceSettings{

    public ProcessorProperties {
        replayAudit = (replayAudit != null) ? replayAudit : ReplayAudit.DEFAULTS;
        if (retryDelays.isEmpty() || orderRetryDelays.isEmpty()) {
            throw new IllegalArgumentException("processor.retry-delays and processor.order-retry-delays need a level");
        }
        if (deadLetterRetryDelays.stream().reduce(Duration.ZERO, Duration::plus).compareTo(Duration.ofMinutes(4)) > 0) {
            throw new IllegalArgumentException("processor.dead-letter-retry-delays must add up to less than 4 minutes");
        }
        if (deadLetterQueryWindow.isNegative() || deadLetterQueryWindow.isZero()) {
            throw new IllegalArgumentException("processor.dead-letter-query-window must be positive");
        }
        TopicSettings.requireValid("processor", topicPartitions, topicReplicas, topicMinInsyncReplicas);
        ServiceSettings.requireConcurrency("processor", concurrency, retryConcurrency);
    }

    @Override
    public String serviceName() {
        return "processor";
    }

    /**
     * The replay audit's retention: requests ({@code dlt_replay}) made longer than
     * {@code keep} ago are deleted with their records ({@code dlt_replay_record}).
     *
     * @param enabled false: no purge is scheduled
     * @param keep how long a replay request and its records are kept; at least 30 days
     * (the dead-letter topics' retention, 7 days by default, and a retried request's
     * window stay far inside it; the default, 400 days, keeps a year of audit)
     * @param interval how often a purge runs (the first one interval after the start)
     * @param batchSize requests per batch (their records are deleted in chunks of ten
     * times as many rows)
     */
    public record ReplayAudit(@DefaultValue("true") boolean enabled, @DefaultValue("400d") Duration keep,
            @DefaultValue("1d") Duration interval, @DefaultValue("100") int batchSize) {

        static final ReplayAudit DEFAULTS = new ReplayAudit(true, Duration.ofDays(400), Duration.ofDays(1), 100);

        public ReplayAudit {
            if (keep.compareTo(Duration.ofDays(30)) < 0) {
                throw new IllegalArgumentException("processor.replay-audit.keep must be at least 30d: a replay"
                        + " request must outlive its dead letters on the dead-letter topic");
            }
            if (!interval.isPositive() || batchSize < 1) {
                throw new IllegalArgumentException(
                        "processor.replay-audit.interval must be positive, batch-size at least 1");
            }
        }

    }

    /**
     * The batch path of {@code payment.notify} (its retry topics are always read one
     * record at a time).
     *
     * @param enabled true: a batch listener reads {@code payment.notify} and applies each
     * poll in one transaction; false: one record, one transaction, as before
     * @param maxRecords the most records one poll (one batch) brings
     * ({@code max.poll.records})
     * @param minRecords a poll with fewer records takes the per-record path (1: every
     * poll takes the batch path; a single record costs less CPU there: one lock
     * statement, one settle, the events sent without a wait per send)
     * @param fetchMinSize a poll of {@code payment.notify} waits for this much
     * ({@code fetch.min.bytes} of the batch listener's consumers only; Kafka's default 1
     * byte: a poll returns with the first record)
     * @param fetchMaxWait but no longer than this ({@code fetch.max.wait.ms}; Kafka's 500
     * ms). E.g. 64KB and 20ms: under a steady trickle a poll brings a few records, and
     * the costs paid once per poll are shared by them, for at most 20 ms more latency
     */
    public record Batch(@DefaultValue("true") boolean enabled, @DefaultValue("500") int maxRecords,
            @DefaultValue("1") int minRecords, @DefaultValue("1B") DataSize fetchMinSize,
            @DefaultValue("500ms") Duration fetchMaxWait) {

        public Batch {
            if (maxRecords < 1 || minRecords < 1) {
                throw new IllegalArgumentException("processor.batch.max-records and min-records must be positive");
            }
        }

        /** The fetch settings of the batch listener's consumers. */
        public BatchListeners.Gather gather() {
            return new BatchListeners.Gather(fetchMinSize, fetchMaxWait);
        }

    }

}
