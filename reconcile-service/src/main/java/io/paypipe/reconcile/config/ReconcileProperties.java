package io.paypipe.reconcile.config;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything reconcile-service can be told.
 *
 * @param firstQueryAfter how long after creation a still-pending order is first queried
 * at its channel
 * @param queryExpiry after this an unpaid order goes to manual handling
 * @param publishTimeout how long to wait for the broker to confirm an alert on
 * {@code ops.alert}
 * @param topicPartitions partitions of the catalogue topics this service declares (the
 * watchdog needs {@code payment.notify} and {@code payment.settled} co-partitioned)
 * @param topicReplicas replicas of those topics (1 for the embedded broker, 3 in
 * production)
 * @param watch the Kafka Streams watchdog of notifications ({@code reconcile.watch.*})
 */
@ConfigurationProperties("reconcile")
public record ReconcileProperties(@DefaultValue("3m") Duration firstQueryAfter,
        @DefaultValue("2h") Duration queryExpiry, @DefaultValue("5s") Duration publishTimeout,
        @DefaultValue("6") int topicPartitions, @DefaultValue("1") short topicReplicas, @DefaultValue Watch watch) {

    /**
     * The watchdog: every notification on {@code payment.notify} must meet its settlement
     * on {@code payment.settled}; and the settlement counts per minute.
     *
     * @param applicationId the Kafka Streams application id (consumer group, prefix of
     * its internal topics)
     * @param settleWithin a notification without a settlement this long after the
     * watchdog saw it is reported on {@code payment.unsettled} (one
     * NOTIFICATION_UNSETTLED alert)
     * @param scanInterval how often (wall clock) the deadlines are checked: an alert
     * comes at most this late
     * @param rememberFor how long a settled or alerted notification is remembered, so
     * that a duplicate notification, or a settlement read before its notification,
     * changes nothing
     * @param countsGrace how late (stream time) a settlement may arrive and still be
     * counted in its minute
     * @param countsRetention how long the per-minute counts are kept (and can be queried)
     * @param commitInterval Kafka Streams' commit interval
     * @param stateDir where Kafka Streams keeps its local state (a cache of its changelog
     * topics)
     */
    public record Watch(@DefaultValue("paypipe-reconcile-watch") String applicationId,
            @DefaultValue("10m") Duration settleWithin, @DefaultValue("10s") Duration scanInterval,
            @DefaultValue("1h") Duration rememberFor, @DefaultValue("1m") Duration countsGrace,
            @DefaultValue("1d") Duration countsRetention, @DefaultValue("1s") Duration commitInterval, Path stateDir) {

        public Watch {
            if (stateDir == null) {
                stateDir = Path.of(System.getProperty("java.io.tmpdir"), "paypipe-reconcile-watch");
            }
            if (countsRetention.compareTo(Duration.ofMinutes(1).plus(countsGrace)) < 0) {
                throw new IllegalArgumentException(
                        "reconcile.watch.counts-retention must be at least one minute plus counts-grace");
            }
        }

    }

}
