package io.paypipe.ingress.unverified;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.event.PaymentQueryDue.Reason;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Topics;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.config.IngressProperties.UnverifiedQuery;
import io.paypipe.ingress.unverified.KnownOrders.KnownOrder;
import io.paypipe.ingress.unverified.QueryLimits.OrderRef;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Component;

/**
 * Schedules the early query of the order an unverified callback names, if that order is
 * stored and still PENDING and the limits ({@link QueryLimits}) allow: one
 * {@link PaymentQueryDue} (reason {@link Reason#UNVERIFIED_CALLBACK}, attempt 0, due now)
 * on {@code payment.query}, keyed by the order. Its id is derived from the merchant, the
 * out_trade_no and the current {@code order-period} window, so repeats within a window
 * are one event. The publish waits at most
 * {@code ingress.unverified-query.publish-timeout}; a failure is logged at WARN. Runs off
 * the request's thread ({@link UnverifiedCallbacks}).
 */
@Component
class EarlyQuery {

    /** What became of one order a callback named. */
    sealed interface Result {

        record Scheduled(OrderKey order, EventId eventId) implements Result {
        }

        /** {@code order} is null when the name was refused before any lookup. */
        record Limited(OrderKey order, QueryLimits.Verdict verdict) implements Result {
        }

        record NotPending(OrderKey order, String status) implements Result {
        }

        /** No stored order of that channel, merchant and number. */
        record NoOrder() implements Result {
        }

        record PublishFailed(OrderKey order, EventId eventId, String reason) implements Result {
        }

    }

    private static final Logger log = LoggerFactory.getLogger(EarlyQuery.class);

    private final KnownOrders orders;

    private final KafkaTemplate<String, Object> template;

    private final Clock clock;

    private final UnverifiedQuery settings;

    private final QueryLimits limits;

    EarlyQuery(KnownOrders orders, KafkaTemplate<String, Object> template, Clock clock, IngressProperties properties) {
        this.orders = orders;
        this.template = template;
        this.clock = clock;
        this.settings = properties.unverifiedQuery();
        this.limits = new QueryLimits(settings, clock);
    }

    /**
     * One result per stored order {@code named} names; {@code NoOrder} if none. A name
     * whose order had its queries of this period already is not even looked up.
     */
    List<Result> schedule(NamedOrder named) {
        if (named.merchants().stream().anyMatch(m -> limits.exhausted(new OrderRef(m, named.outTradeNo())))) {
            return List.of(new Result.Limited(null, QueryLimits.Verdict.ORDER_LIMITED));
        }
        List<KnownOrder> found = orders.find(named.channel(), named.merchants(), named.outTradeNo());
        if (found.isEmpty()) {
            return List.of(new Result.NoOrder());
        }
        return found.stream().map(order -> schedule(named, order)).toList();
    }

    private Result schedule(NamedOrder named, KnownOrder order) {
        if (!order.pending()) {
            return new Result.NotPending(order.key(), order.status());
        }
        QueryLimits.Verdict verdict = limits.take(new OrderRef(order.key().merchantId(), order.key().outTradeNo()));
        if (verdict != QueryLimits.Verdict.ALLOWED) {
            return new Result.Limited(order.key(), verdict);
        }
        Instant now = clock.instant();
        long window = now.getEpochSecond() / settings.orderPeriod().toSeconds();
        var query = new PaymentQueryDue(
                EventId.derived(Topics.PAYMENT_QUERY.name(), "unverified-callback", order.key().merchantId().value(),
                        order.key().outTradeNo().value(), Long.toString(window)),
                order.key(), order.spMerchantId(), named.channel(), Reason.UNVERIFIED_CALLBACK, 0, now,
                now.plus(settings.expiresAfter()));
        try {
            template.send(new ProducerRecord<>(Topics.PAYMENT_QUERY.name(), order.key().kafkaKey(), query))
                .get(settings.publishTimeout().toMillis(), TimeUnit.MILLISECONDS);
            return new Result.Scheduled(order.key(), query.eventId());
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result.PublishFailed(order.key(), query.eventId(), "interrupted");
        }
        catch (TimeoutException e) {
            return new Result.PublishFailed(order.key(), query.eventId(),
                    "no confirmation within " + settings.publishTimeout());
        }
        catch (ExecutionException e) {
            return new Result.PublishFailed(order.key(), query.eventId(),
                    causeChain(e.getCause() == null ? e : e.getCause()));
        }
        catch (RuntimeException e) {
            return new Result.PublishFailed(order.key(), query.eventId(), causeChain(e));
        }
    }

    /** The failure and its root cause, by class only (messages may quote the record). */
    private static String causeChain(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? e.getClass().getSimpleName()
                : e.getClass().getSimpleName() + " <- " + root.getClass().getSimpleName();
    }

}
