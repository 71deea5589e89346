package io.paypipe.refund.config;

import io.paypipe.support.ServiceSettings;
import io.paypipe.support.topic.TopicSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything refund-service can be told. It is also the {@link ServiceSettings} of the
 * plumbing refund-service shares with the processor (service-support).
 *
 * @param channelCallTimeout bound on one call to a channel's refund API; a call that
 * takes longer is an unknown answer (the refund stays as it is, the query decides)
 * @param merchantsFile the merchants file ({@code PAYMENT_MERCHANTS_FILE}) with the
 * outbound credentials the channel clients sign with
 * @param merchantsReloadInterval how often the merchants file is read again: a changed
 * file that is valid takes effect without a restart (keys rotate), an invalid one is
 * refused with a MERCHANTS_FILE_INVALID alert and the previous one stays in use
 * ({@code MerchantsFileWatch}); zero: read at start only
 * @param publishTimeout how long to wait for the broker to confirm an event
 * @param queryDelays the refund query ladder: a refund not final is queried at its
 * channel after each of these delays ({@code refund.query-retry-<i>}); still not final
 * after the last one: {@code refund.query-dlt} and a REFUND_UNRESOLVED alert. The first
 * delay must exceed {@code channelCallTimeout}
 * @param notifyRetryDelays the retry ladder of {@code refund.notify} (transient failures:
 * database, broker)
 * @param taskRetryDelays the retry ladder of {@code refund.task}
 * @param deadLetterRetryDelays how often a dead-letter handler tries again to store its
 * alert (the database may be down); keep the sum well under max.poll.interval.ms
 * @param concurrency consumer threads per listener and retry topic
 * @param topicPartitions partitions of the topics the service declares
 * @param topicReplicas replicas of those topics
 * @param stuckSweepInterval how often the stuck-refund sweeper looks for refunds not
 * final whose query chain is not known to be alive
 * @param stuckAfter how long a refund not final may go without a status change before the
 * sweeper looks at it; it is put on the query ladder again only if it was last scheduled
 * or queried longer ago than the ladder's longest delay plus this
 * @param topicMinInsyncReplicas {@code min.insync.replicas} of the topics the service
 * declares (1 for the embedded broker, 2 in production); partitions, replicas and this
 * are also the floor an existing topic is checked against at start
 * @param retryConcurrency consumer threads per retry topic and per dead-letter topic:
 * they carry only the failures, and each idle consumer still polls the broker
 * @param metricsRefreshInterval how often the cached gauges are read again
 * @param overdueAfter how long a refund not final may go without a status change before
 * it counts in {@code paypipe_refunds_overdue} (the PaypipeRefundsNotFinal alert): its
 * money is still on its way back to the payer
 */
@ConfigurationProperties("refund")
public record RefundProperties(@DefaultValue("10s") Duration channelCallTimeout,
        @DefaultValue("var/merchants.yaml") Path merchantsFile, @DefaultValue("10s") Duration merchantsReloadInterval,
        @DefaultValue("5s") Duration publishTimeout, @DefaultValue( {
                "1m", "5m", "15m", "1h", "6h" }) List<Duration> queryDelays,
        @DefaultValue({ "10s", "30s", "1m", "5m", "15m", "30m", "1h", "2h" }) List<Duration> notifyRetryDelays,
        @DefaultValue({ "10s", "30s", "1m", "5m", "15m", "30m", "1h", "2h" }) List<Duration> taskRetryDelays,
        @DefaultValue({ "1s", "5s", "30s" }) List<Duration> deadLetterRetryDelays, @DefaultValue("2") int concurrency,
        @DefaultValue("6") int topicPartitions, @DefaultValue("1") short topicReplicas,
        @DefaultValue("1m") Duration stuckSweepInterval, @DefaultValue("10m") Duration stuckAfter,
        @DefaultValue("1") short topicMinInsyncReplicas, @DefaultValue("1") int retryConcurrency,
        @DefaultValue("30s") Duration metricsRefreshInterval,
        @DefaultValue("2h") Duration overdueAfter) implements ServiceSettings{

    public RefundProperties {
        if (queryDelays.isEmpty() || notifyRetryDelays.isEmpty() || taskRetryDelays.isEmpty()) {
            throw new IllegalArgumentException(
                    "refund.query-delays, notify-retry-delays and task-retry-delays need a level");
        }
        if (queryDelays.get(0).compareTo(channelCallTimeout) <= 0) {
            // the refund is put on the ladder before its channel is called: the first
            // query
            // must come after that call has answered or timed out
            throw new IllegalArgumentException("refund.query-delays must start later than refund.channel-call-timeout");
        }
        if (deadLetterRetryDelays.stream().reduce(Duration.ZERO, Duration::plus).compareTo(Duration.ofMinutes(4)) > 0) {
            throw new IllegalArgumentException("refund.dead-letter-retry-delays must add up to less than 4 minutes");
        }
        if (!stuckSweepInterval.isPositive() || !stuckAfter.isPositive() || !overdueAfter.isPositive()) {
            throw new IllegalArgumentException(
                    "refund.stuck-sweep-interval, refund.stuck-after and refund.overdue-after must be positive");
        }
        TopicSettings.requireValid("refund", topicPartitions, topicReplicas, topicMinInsyncReplicas);
        ServiceSettings.requireConcurrency("refund", concurrency, retryConcurrency);
    }

    /** The longest wait between two steps of a refund's query chain. */
    public Duration longestQueryDelay() {
        return queryDelays.stream().max(Duration::compareTo).orElseThrow();
    }

    @Override
    public String serviceName() {
        return "refund";
    }

}
