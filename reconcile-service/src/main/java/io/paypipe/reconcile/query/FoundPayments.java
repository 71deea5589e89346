package io.paypipe.reconcile.query;

import io.paypipe.channel.query.QueryAnswer;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.money.Money;
import io.paypipe.reconcile.raw.FoundPayment;
import io.paypipe.reconcile.raw.NotificationPublisher;
import io.paypipe.reconcile.raw.NotificationPublisher.Publication;
import io.paypipe.reconcile.raw.RawPayments;
import io.paypipe.reconcile.raw.RawPayments.Stored;
import io.paypipe.support.order.OrderColumns;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A query that found the payment (or a trade the channel closed) takes the same path as a
 * callback: a {@code pay_notify_raw} row with source {@code QUERY} (same unique key as
 * the callback's: whichever comes first is stored, the other finds it), then its
 * {@code PaymentNotified} (event id of the row) on {@code payment.notify}. A publish that
 * fails leaves the row at handled=0 for the outbox to publish again: the payment is
 * recorded either way.
 */
@Component
final class FoundPayments {

    private static final Logger log = LoggerFactory.getLogger(FoundPayments.class);

    private final RawPayments raws;

    private final NotificationPublisher notifications;

    private final Clock clock;

    FoundPayments(RawPayments raws, NotificationPublisher notifications, Clock clock) {
        this.raws = raws;
        this.notifications = notifications;
        this.clock = clock;
    }

    /**
     * The payment in a Paid or Refunded answer, the closed trade in a Closed answer that
     * names one; empty for any other answer.
     */
    static Optional<FoundPayment> in(QueryAnswer answer, OrderColumns order) {
        return switch (answer) {
            case QueryAnswer.Paid p -> Optional.of(new FoundPayment(order.key(), order.spMerchantId(), order.channel(),
                    p.tradeNo(), PaymentState.SUCCEEDED, p.channelState(), p.orderAmount(), p.paidAmount(),
                    Optional.ofNullable(p.paidAt()), p.body()));
            case QueryAnswer.Refunded r -> Optional.of(new FoundPayment(order.key(), order.spMerchantId(),
                    order.channel(), r.tradeNo(), PaymentState.SUCCEEDED, r.channelState(), r.orderAmount(),
                    r.paidAmount(), Optional.ofNullable(r.paidAt()), r.body()));
            case QueryAnswer.Closed c when c.tradeNo().isPresent() -> Optional.of(new FoundPayment(order.key(),
                    order.spMerchantId(), order.channel(), c.tradeNo().get(), PaymentState.CLOSED, c.channelState(),
                    order.amount(), Money.of(0, order.amount().currency()), Optional.empty(), c.body()));
            default -> Optional.empty();
        };
    }

    /** Stores and publishes {@code found}; the raw row's id. */
    long record(FoundPayment found) {
        Stored stored = raws.store(found, clock.instant());
        String how = stored instanceof Stored.Created ? "stored" : "found stored by " + stored.row().source();
        switch (notifications.publish(stored.row())) {
            case Publication.Confirmed(PaymentNotified event) ->
                log.info("query: order {} {} trade {} ({}): raw {} {}, {} published to payment.notify",
                        found.orderKey(), found.channel().code(), found.tradeNo(), found.channelState(),
                        stored.row().id(), how, event.eventId());
            case Publication.Failed(PaymentNotified event, String reason) ->
                log.warn("query: order {} trade {}: raw {} {}, {} not published ({}); the outbox publishes it again",
                        found.orderKey(), found.tradeNo(), stored.row().id(), how, event.eventId(), reason);
            case Publication.Impossible(String reason) ->
                log.warn("query: order {} trade {}: raw {} {} cannot be published ({}); the outbox alerts it",
                        found.orderKey(), found.tradeNo(), stored.row().id(), how, reason);
        }
        return stored.row().id();
    }

}
