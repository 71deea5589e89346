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
 * @param queryExpiry after this an unpaid order goes to manual handling; the status
 * endpoint counts PENDING orders created longer ago
 * @param publishTimeout how long to wait for the broker to confirm an alert on
 * {@code ops.alert}
 * @param topicPartitions partitions of the catalogue topics this service declares (the
 * watchdog needs {@code payment.notify} and {@code payment.settled} co-partitioned)
 * @param topicReplicas replicas of those topics (1 for the embedded broker, 3 in
 * production)
 * @param watch the Kafka Streams watchdog of notifications ({@code reconcile.watch.*})
 * @param outbox the sweep that publishes raw rows still unsettled again
 * ({@code reconcile.outbox.*})
 * @param status the thresholds of the morning numbers ({@code reconcile.status.*})
 */
@ConfigurationProperties("reconcile")
public record ReconcileProperties(@DefaultValue("3m") Duration firstQueryAfter,
        @DefaultValue("2h") Duration queryExpiry, @DefaultValue("5s") Duration publishTimeout,
        @DefaultValue("6") int topicPartitions, @DefaultValue("1") short topicReplicas, @DefaultValue Watch watch,
        @DefaultValue Outbox outbox, @DefaultValue Status status) {

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

    /**
     * The raw tables as an outbox.
     *
     * @param interval how often the sweep runs (the first time one interval after the
     * start)
     * @param republishAfter a {@code pay_notify_raw} row at handled=0 whose last activity
     * (stored, delivered again by the channel, published again by the sweep) is older
     * than this is published again
     * @param alertAfter a raw row ({@code pay_notify_raw} or {@code pay_refund_raw})
     * still at handled=0 this long after it was stored raises one RAW_NOT_PUBLISHED alert
     * @param batchSize at most this many rows per sweep for each of its queries (rows to
     * publish again, payment rows to alert about, refund rows to alert about)
     * @param publishTimeout how long to wait for the broker to confirm one record
     */
    public record Outbox(@DefaultValue("1m") Duration interval, @DefaultValue("10m") Duration republishAfter,
            @DefaultValue("1h") Duration alertAfter, @DefaultValue("500") int batchSize,
            @DefaultValue("5s") Duration publishTimeout) {

        public Outbox {
            if (!interval.isPositive() || !republishAfter.isPositive() || !publishTimeout.isPositive()) {
                throw new IllegalArgumentException(
                        "reconcile.outbox.interval, republish-after and publish-timeout must be positive");
            }
            if (alertAfter.compareTo(republishAfter) < 0) {
                throw new IllegalArgumentException(
                        "reconcile.outbox.alert-after must not be shorter than reconcile.outbox.republish-after");
            }
            if (batchSize < 1) {
                throw new IllegalArgumentException("reconcile.outbox.batch-size must be at least 1");
            }
        }
    }

    /**
     * The morning numbers' thresholds (orders use {@code reconcile.query-expiry}).
     *
     * @param unsettledAfter raw rows at handled=0 stored longer ago are counted
     * @param setAsideAfter raw rows at handled=2 set aside longer ago (and not touched
     * since) are counted
     */
    public record Status(@DefaultValue("10m") Duration unsettledAfter, @DefaultValue("24h") Duration setAsideAfter) {
    }

}
