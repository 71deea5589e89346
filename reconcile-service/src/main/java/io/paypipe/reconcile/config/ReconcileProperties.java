package io.paypipe.reconcile.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param firstQueryAfter how long after creation a still-pending order is first queried
 * at its channel
 * @param queryExpiry after this an unpaid order goes to manual handling
 */
@ConfigurationProperties("reconcile")
public record ReconcileProperties(@DefaultValue("3m") Duration firstQueryAfter,
        @DefaultValue("2h") Duration queryExpiry) {
}
