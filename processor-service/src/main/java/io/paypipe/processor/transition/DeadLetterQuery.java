package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.topic.Topics;
import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.processor.order.OrderRepository;
import io.paypipe.processor.publish.EventPublisher;
import io.paypipe.processor.transition.RawSettlementRepository.RawRow;
import io.paypipe.support.deadletter.DeadLetterHeaders;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A dead letter of {@code payment.notify} whose order can be named has that order queried
 * at its channel before a person is asked: one {@link PaymentQueryDue} (reason
 * {@link Reason#DEAD_LETTER}, attempt 0, due now, expiring after
 * {@code processor.dead-letter-query-window}) on {@code payment.query},
 * reconcile-service's active query. The order is the one the raw row names, else the
 * value (read leniently), else the record key; its channel and service provider come from
 * the raw row, the value, else the stored order. The id is derived from the notification
 * (its event id, else the dead letter's coordinates), so the copies of one delivery storm
 * schedule one query.
 */
@Component
class DeadLetterQuery {

    /** What became of the query, for the alert's message. */
    sealed interface Scheduling {

        /** The query is on {@code payment.query}. */
        record Scheduled(EventId eventId) implements Scheduling {
        }

        /** The order is named, but its query could not be scheduled. */
        record NotScheduled(OrderKey orderKey, String why) implements Scheduling {
        }

        /** Nothing names an order. */
        record NoOrder() implements Scheduling {
        }

    }

    private static final Logger log = LoggerFactory.getLogger(DeadLetterQuery.class);

    private record Target(OrderKey key, Optional<Channel> channel, MerchantId spMerchantId) {
    }

    private final EventPublisher publisher;

    private final OrderRepository orders;

    private final Clock clock;

    private final Duration window;

    DeadLetterQuery(EventPublisher publisher, OrderRepository orders, Clock clock, ProcessorProperties props) {
        this.publisher = publisher;
        this.orders = orders;
        this.clock = clock;
        this.window = props.deadLetterQueryWindow();
    }

    /** Schedules the query of the order {@code record} names, if it names one. */
    Scheduling schedule(ConsumerRecord<String, byte[]> record, OptionalLong rawId, Optional<RawRow> raw,
            Optional<PaymentNotified> value) {
        Optional<Target> named = raw.flatMap(DeadLetterQuery::ofRow)
            .or(() -> value.flatMap(DeadLetterQuery::ofValue))
            .or(() -> ofKey(record.key()));
        if (named.isEmpty()) {
            return new Scheduling.NoOrder();
        }
        Target target = named.get().channel().isPresent() ? named.get() : fromStoredOrder(named.get());
        if (target.channel().isEmpty()) {
            return new Scheduling.NotScheduled(target.key(), "the order's channel is unknown");
        }
        String notification = rawId.isPresent() ? PaymentNotified.idFor(rawId.getAsLong()).value()
                : value.map(PaymentNotified::eventId).map(EventId::value).orElse(DeadLetterHeaders.coordinates(record));
        Instant now = clock.instant();
        var query = new PaymentQueryDue(EventId.derived(Topics.PAYMENT_QUERY.name(), "dead-letter", notification),
                target.key(), target.spMerchantId(), target.channel().get(), Reason.DEAD_LETTER, 0, now,
                now.plus(window));
        try {
            publisher.send(Topics.PAYMENT_QUERY, target.key().kafkaKey(), query.eventId(), query);
            log.info("dead letter {}: active query {} of order {} scheduled", DeadLetterHeaders.coordinates(record),
                    query.eventId(), target.key());
            return new Scheduling.Scheduled(query.eventId());
        }
        catch (RuntimeException e) {
            log.error("dead letter {}: active query {} of order {} not scheduled: {}",
                    DeadLetterHeaders.coordinates(record), query.eventId(), target.key(), e.toString());
            return new Scheduling.NotScheduled(target.key(), "publish failed: " + e.getClass().getSimpleName());
        }
    }

    /** The sentence the alert's message gets about the query. */
    static String sentence(Scheduling scheduling) {
        return switch (scheduling) {
            case Scheduling.Scheduled s -> "; an active query of the order was scheduled (" + s.eventId() + ")";
            case Scheduling.NotScheduled n ->
                "; the active query of the order could not be scheduled (" + n.why() + ")";
            case Scheduling.NoOrder none -> "";
        };
    }

    private static Optional<Target> ofRow(RawRow r) {
        return orderKey(r.tenantId(), r.merchantId(), r.outTradeNo()).map(key -> new Target(key, channel(r.channel()),
                r.spMerchantId() == null ? null : MerchantId.of(r.spMerchantId())));
    }

    private static Optional<Target> ofValue(PaymentNotified n) {
        OrderKey key = n.orderKey();
        if (key == null || key.tenantId() == null || key.merchantId() == null || key.outTradeNo() == null) {
            return Optional.empty();
        }
        return Optional.of(new Target(key, Optional.ofNullable(n.channel()), n.spMerchantId()));
    }

    /** {@code tenant|merchant|out_trade_no}; an out_trade_no may hold a {@code |}. */
    private static Optional<Target> ofKey(String key) {
        String[] parts = key == null ? new String[0] : key.split("\\|", 3);
        return parts.length < 3 ? Optional.empty()
                : orderKey(parts[0], parts[1], parts[2]).map(k -> new Target(k, Optional.empty(), null));
    }

    /** Channel and service provider of the stored order; the database may be down. */
    private Target fromStoredOrder(Target named) {
        try {
            return orders.find(named.key().merchantId(), named.key().outTradeNo())
                .map(o -> new Target(named.key(), Optional.of(o.channel()), o.spMerchantId().orElse(null)))
                .orElse(named);
        }
        catch (RuntimeException e) {
            log.warn("order {} of a dead letter could not be read: {}", named.key(), e.toString());
            return named;
        }
    }

    private static Optional<OrderKey> orderKey(String tenant, String merchant, String outTradeNo) {
        try {
            return Optional.of(new OrderKey(TenantId.of(tenant), MerchantId.of(merchant), OutTradeNo.of(outTradeNo)));
        }
        catch (RuntimeException invalid) {
            return Optional.empty();
        }
    }

    private static Optional<Channel> channel(String code) {
        try {
            return Optional.of(Channel.fromCode(code));
        }
        catch (RuntimeException unknown) {
            return Optional.empty();
        }
    }

}
