package io.paypipe.reconcile.query;

import io.paypipe.core.id.MerchantId;
import io.paypipe.reconcile.config.ReconcileProperties.MerchantQuery;
import io.paypipe.reconcile.config.ReconcileProperties.QuerySettings;
import java.time.Duration;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The ladders of {@code reconcile.query.*}: the defaults, and per merchant the overrides
 * of {@code reconcile.query.merchants.<id>.*} (first-query-after, backoff, expiry, rate).
 * An order's ladder is its merchant's overrides, else its service provider's, else the
 * defaults; the rate is the calling account's (the provider's in service-provider mode:
 * the channel counts its calls).
 */
final class QueryLadders {

    private final QuerySettings settings;

    QueryLadders(QuerySettings settings) {
        this.settings = settings;
    }

    /** The ladder of an order of {@code merchant} (under {@code sp}, if any). */
    Ladder of(MerchantId merchant, Optional<MerchantId> sp) {
        MerchantQuery o = Optional.ofNullable(settings.merchants().get(merchant.value()))
            .or(() -> sp.map(s -> settings.merchants().get(s.value())))
            .orElse(new MerchantQuery(null, null, null, null));
        return new Ladder(Objects.requireNonNullElse(o.firstQueryAfter(), settings.firstQueryAfter()),
                Objects.requireNonNullElse(o.backoff(), settings.backoff()),
                Objects.requireNonNullElse(o.expiry(), settings.expiry()), settings.errorBackoff(),
                settings.undecidedAfter(), settings.closeAttempts());
    }

    /**
     * Calls per second at most for {@code account} (the account that calls the channel).
     */
    int rateOf(String account) {
        return Optional.ofNullable(settings.merchants().get(account)).map(MerchantQuery::rate).orElse(settings.rate());
    }

    /** Every delay of every ladder: the delayed topics. */
    DelayTiers tiers() {
        Set<Duration> delays = new HashSet<>();
        delays.add(settings.firstQueryAfter());
        delays.addAll(settings.backoff());
        delays.addAll(settings.errorBackoff());
        settings.merchants()
            .values()
            .forEach(m -> Stream
                .concat(Stream.ofNullable(m.firstQueryAfter()),
                        Stream.ofNullable(m.backoff()).flatMap(java.util.List::stream))
                .forEach(delays::add));
        return new DelayTiers(delays);
    }

}
