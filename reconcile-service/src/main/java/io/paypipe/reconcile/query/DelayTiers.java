package io.paypipe.reconcile.query;

import io.paypipe.core.topic.Topics;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * The delayed topics of the active query: one per distinct delay of any ladder
 * ({@code payment.query.delay-30s}, {@code -1m}, {@code -3m}, ...), each a FIFO of
 * {@code PaymentQueryDue} records that all wait the same delay, so each partition is in
 * order of due time and its consumer only ever waits for the record at its head. A wait
 * that is no tier's delay (the rest of a ladder step cut at the expiry, a first query
 * read late) takes the largest tier not longer than the wait and a tenth
 * ({@link #SLACK_PERCENT}), or the smallest tier: the record is due with the tier's delay
 * (never blocking the records behind it), so at most a tenth of its wait late instead of
 * a whole tier early. A first query is always read a little after its order was created:
 * rounded strictly down, {@code first-query-after} 3m (a wait of 2m59s) took the 1m tier,
 * and every order was first queried two minutes early.
 */
final class DelayTiers {

    static final String PREFIX = Topics.Names.PAYMENT_QUERY + ".delay-";

    /** One delayed topic and the delay all its records wait. */
    record Tier(Duration delay, String topic) {
    }

    /**
     * A wait up to this share shorter than a tier's delay takes that tier: due that much
     * late.
     */
    static final int SLACK_PERCENT = 10;

    private final List<Tier> tiers;

    DelayTiers(Collection<Duration> delays) {
        if (delays.isEmpty()) {
            throw new IllegalArgumentException("the active query needs at least one delay");
        }
        this.tiers = new TreeSet<>(delays).stream().map(d -> new Tier(d, topicOf(d))).toList();
        if (tiers.stream().map(Tier::topic).distinct().count() != tiers.size()) {
            throw new IllegalStateException("two delays of the active query share a topic name: " + tiers);
        }
    }

    /** Every tier, shortest delay first. */
    List<Tier> all() {
        return tiers;
    }

    Tier smallest() {
        return tiers.getFirst();
    }

    /**
     * The tier of a record that should wait {@code wanted}: the largest delay not longer
     * than {@code wanted} and {@link #SLACK_PERCENT} % of it, else the smallest.
     */
    Tier forWait(Duration wanted) {
        Duration reach = wanted.plus(wanted.multipliedBy(SLACK_PERCENT).dividedBy(100));
        Tier chosen = smallest();
        for (Tier tier : tiers) {
            if (tier.delay().compareTo(reach) <= 0) {
                chosen = tier;
            }
        }
        return chosen;
    }

    /**
     * {@code payment.query.delay-} and the delay in its largest whole unit: {@code 30s},
     * {@code 1m}, {@code 1h}, {@code 1d}, {@code 200ms}.
     */
    static String topicOf(Duration delay) {
        return PREFIX + label(delay);
    }

    static String label(Duration d) {
        long ms = d.toMillis();
        if (ms <= 0 || !d.equals(Duration.ofMillis(ms))) {
            throw new IllegalArgumentException("a delay of the active query must be whole positive millis: " + d);
        }
        if (ms % 86_400_000 == 0) {
            return ms / 86_400_000 + "d";
        }
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1_000 == 0) {
            return ms / 1_000 + "s";
        }
        return ms + "ms";
    }

}
