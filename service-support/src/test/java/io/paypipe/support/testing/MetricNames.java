package io.paypipe.support.testing;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every Prometheus series family the product's services register (as
 * {@code /actuator/prometheus} names them), the list {@code docs/operations.md}, the
 * alert rules and the dashboard may use. Kept true from both sides: each service's
 * metrics integration test checks that the names it lists as {@link When#AT_START} (and
 * the ones its test drives) are in a real scrape, and {@code OperationsDocsTest} checks
 * that the rules and the dashboard name nothing outside this list.
 */
public final class MetricNames {

    /** When a series first appears in a scrape. */
    public enum When {

        /** Registered when the service starts (or at the first refresh of its gauges). */
        AT_START,
        /** Registered at its first event (a counter with tags seen only then). */
        AT_FIRST_EVENT

    }

    /** One series family: its Prometheus name, the service that registers it, when. */
    public record Name(String name, String service, When when) {
    }

    /** The families. */
    public static final List<Name> ALL = List.of(
            // ingress
            new Name("paypipe_callbacks_total", "ingress", When.AT_FIRST_EVENT),
            new Name("paypipe_callbacks_ack_seconds_bucket", "ingress", When.AT_FIRST_EVENT),
            new Name("paypipe_callbacks_ack_seconds_count", "ingress", When.AT_FIRST_EVENT),
            new Name("paypipe_callbacks_ack_seconds_sum", "ingress", When.AT_FIRST_EVENT),
            new Name("paypipe_callbacks_ack_seconds_max", "ingress", When.AT_FIRST_EVENT),
            new Name("paypipe_ingress_callbacks_seconds_count", "ingress", When.AT_FIRST_EVENT),
            new Name("paypipe_ingress_callbacks_seconds_sum", "ingress", When.AT_FIRST_EVENT),
            new Name("paypipe_ingress_callbacks_seconds_max", "ingress", When.AT_FIRST_EVENT),
            new Name("paypipe_unverified_callbacks_total", "ingress", When.AT_FIRST_EVENT),
            // processor
            new Name("paypipe_processor_outcomes_total", "processor", When.AT_FIRST_EVENT),
            new Name("paypipe_processor_batch_records_total", "processor", When.AT_START),
            new Name("paypipe_notifications_unsettled", "processor", When.AT_FIRST_EVENT),
            new Name("paypipe_notifications_manual", "processor", When.AT_FIRST_EVENT),
            new Name("paypipe_dead_letters_pending", "processor", When.AT_START),
            new Name("paypipe_consumers_paused", "processor", When.AT_START),
            // every consuming service (processor, reconcile, refund)
            new Name("paypipe_kafka_consumer_lag", "processor", When.AT_START),
            new Name("paypipe_kafka_retries_total", "processor", When.AT_FIRST_EVENT),
            new Name("paypipe_dead_letters_total", "processor", When.AT_FIRST_EVENT),
            new Name("paypipe_dead_letters_unrecorded_total", "processor", When.AT_FIRST_EVENT),
            new Name("paypipe_metrics_refresh_age_seconds", "processor", When.AT_START),
            new Name("paypipe_metrics_refresh_failures_total", "processor", When.AT_START),
            // reconcile
            new Name("paypipe_recon_diffs_open", "reconcile", When.AT_FIRST_EVENT),
            new Name("paypipe_queries_active", "reconcile", When.AT_FIRST_EVENT),
            new Name("paypipe_reconcile_chain_starts_total", "reconcile", When.AT_FIRST_EVENT),
            new Name("reconcile_outbox_sweeps_total", "reconcile", When.AT_START),
            // refund
            new Name("paypipe_refunds", "refund", When.AT_FIRST_EVENT),
            new Name("paypipe_refunds_overdue", "refund", When.AT_FIRST_EVENT),
            new Name("refund_stuck_swept_total", "refund", When.AT_START));

    private MetricNames() {
    }

    /** The Prometheus names of every family. */
    public static Set<String> names() {
        return ALL.stream().map(Name::name).collect(Collectors.toSet());
    }

    /** The names {@code service} registers {@link When#AT_START}. */
    public static Set<String> atStart(String service) {
        return ALL.stream()
            .filter(n -> n.service().equals(service) && n.when() == When.AT_START)
            .map(Name::name)
            .collect(Collectors.toSet());
    }

}
