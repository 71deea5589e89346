package io.paypipe.reconcile.query;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.publish.EventPublisher;
import io.paypipe.reconcile.query.DelayTiers.Tier;
import io.paypipe.support.kafka.EventSender;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.springframework.stereotype.Component;

/**
 * Publishes the query chain's records: a wait of zero to {@code payment.query} (handled
 * at once), any other to the delayed topic of its tier ({@link DelayTiers#forWait}), due
 * at publish time plus the tier's delay. The record's event id is derived from the order,
 * the attempt and the due time; the failures of the attempt so far ride in the header
 * {@value #FAILURES_HEADER} (absent = 0). Waits for the broker; a failure throws
 * (transient).
 */
@Component
final class QuerySchedule {

    static final String FAILURES_HEADER = "paypipe-query-failures";

    private final EventPublisher publisher;

    private final DelayTiers tiers;

    private final Clock clock;

    QuerySchedule(EventPublisher publisher, DelayTiers tiers, Clock clock) {
        this.publisher = publisher;
        this.tiers = tiers;
        this.clock = clock;
    }

    /**
     * The record of {@code chain}'s {@code attempt}, due after about {@code wait}, its
     * attempt failed {@code failures} times so far; returns the record.
     */
    PaymentQueryDue publish(QueryChain chain, int attempt, Duration wait, int failures) {
        Route route = route(wait, clock.instant());
        PaymentQueryDue due = record(chain, attempt, route);
        send(route.topic(), due, failures);
        return due;
    }

    /** A first query's record sent, its broker's answer not awaited yet. */
    record Sent(PaymentQueryDue due, EventSender.Pending pending) {
    }

    /**
     * As {@link #publish} for the first query (attempt 0, no failures) of {@code chain},
     * without waiting for the broker: the caller sends all of its records, then awaits
     * each {@link Sent#pending}.
     */
    Sent publishFirstLater(QueryChain chain, Duration wait) {
        Route route = route(wait, clock.instant());
        PaymentQueryDue due = record(chain, 0, route);
        return new Sent(due, publisher.sendLater(new Topic<>(route.topic(), PaymentQueryDue.class),
                due.orderKey().kafkaKey(), due.eventId(), due));
    }

    private static PaymentQueryDue record(QueryChain chain, int attempt, Route route) {
        OrderKey key = chain.orderKey();
        return new PaymentQueryDue(
                EventId.derived(Topics.Names.PAYMENT_QUERY, key.kafkaKey(), Integer.toString(attempt),
                        Long.toString(route.dueAt().toEpochMilli())),
                key, chain.spMerchantId().orElse(null), chain.channel(), chain.reason(), attempt, route.dueAt(),
                chain.expiresAt());
    }

    /** The same record again (same attempt and reason), due after about {@code wait}. */
    PaymentQueryDue again(PaymentQueryDue due, Duration wait, int failures) {
        Instant now = clock.instant();
        Route route = route(wait, now);
        PaymentQueryDue next = new PaymentQueryDue(idFor(due, route.dueAt()), due.orderKey(), due.spMerchantId(),
                due.channel(), due.reason(), due.attempt(), route.dueAt(), due.expiresAt());
        send(route.topic(), next, failures);
        return next;
    }

    /** The failures carried by a record's headers (0 when absent or unreadable). */
    static int failures(Headers headers) {
        Header h = headers == null ? null : headers.lastHeader(FAILURES_HEADER);
        if (h == null || h.value() == null) {
            return 0;
        }
        try {
            return Math.max(0, Integer.parseInt(new String(h.value(), StandardCharsets.UTF_8)));
        }
        catch (NumberFormatException e) {
            return 0;
        }
    }

    private record Route(String topic, Instant dueAt) {
    }

    private Route route(Duration wait, Instant now) {
        if (!wait.isPositive()) {
            return new Route(Topics.PAYMENT_QUERY.name(), now.truncatedTo(ChronoUnit.MILLIS));
        }
        Tier tier = tiers.forWait(wait);
        return new Route(tier.topic(), now.plus(tier.delay()).truncatedTo(ChronoUnit.MILLIS));
    }

    private static EventId idFor(PaymentQueryDue due, Instant dueAt) {
        return EventId.derived(Topics.Names.PAYMENT_QUERY, due.orderKey().kafkaKey(), Integer.toString(due.attempt()),
                Long.toString(dueAt.toEpochMilli()), due.reason().name());
    }

    private void send(String topic, PaymentQueryDue due, int failures) {
        List<Header> headers = failures <= 0 ? List.of() : List
            .of(new RecordHeader(FAILURES_HEADER, Integer.toString(failures).getBytes(StandardCharsets.UTF_8)));
        publisher.send(new Topic<>(topic, PaymentQueryDue.class), due.orderKey().kafkaKey(), due.eventId(), due,
                headers);
    }

}
