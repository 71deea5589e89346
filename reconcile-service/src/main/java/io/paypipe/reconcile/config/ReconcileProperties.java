package io.paypipe.reconcile.config;

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
 * @param outbox the sweep that publishes raw rows still unsettled again
 * ({@code reconcile.outbox.*})
 * @param status the thresholds of the morning numbers ({@code reconcile.status.*})
 */
@ConfigurationProperties("reconcile")
public record ReconcileProperties(@DefaultValue("3m") Duration firstQueryAfter,
        @DefaultValue("2h") Duration queryExpiry, @DefaultValue Outbox outbox, @DefaultValue Status status) {

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
