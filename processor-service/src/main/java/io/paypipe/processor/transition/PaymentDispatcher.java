package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.processor.transition.PaymentOutcome.AlreadyClosed;
import io.paypipe.processor.transition.PaymentOutcome.Applied;
import io.paypipe.processor.transition.PaymentOutcome.AttemptEnded;
import io.paypipe.processor.transition.PaymentOutcome.CloseOverruled;
import io.paypipe.processor.transition.PaymentOutcome.Closed;
import io.paypipe.processor.transition.PaymentOutcome.Duplicate;
import io.paypipe.processor.transition.PaymentOutcome.Illegal;
import io.paypipe.processor.transition.PaymentOutcome.Mismatch;
import io.paypipe.processor.transition.PaymentOutcome.UnknownState;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.logging.LogFields;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.event.Level;
import org.slf4j.spi.LoggingEventBuilder;
import org.slf4j.spi.NOPLoggingEventBuilder;
import org.springframework.stereotype.Service;

/**
 * One notification: apply it in one transaction ({@link PaymentApplier}), then, after the
 * commit, dispatch what was committed: the downstream events and alerts of its outcome,
 * published and confirmed before the offset commit, and last the raw row's settlement on
 * {@code payment.settled} ({@link DownstreamPublisher#settled}), whatever the outcome.
 * {@link #dispatch} is the part after the commit, which the batch path
 * ({@link PaymentBatchListener}) runs for each notification of its batch with sends it
 * waits for together.
 */
@Service
class PaymentDispatcher {

    private static final Logger log = LoggerFactory.getLogger(PaymentDispatcher.class);

    private final PaymentApplier applier;

    private final DownstreamPublisher publisher;

    private final AfterCommitHook afterCommit;

    private final Sends awaiting;

    private final OutcomeMeters meters;

    PaymentDispatcher(PaymentApplier applier, DownstreamPublisher publisher, AlertPublisher alerts,
            AfterCommitHook afterCommit, OutcomeMeters meters) {
        this.applier = applier;
        this.publisher = publisher;
        this.afterCommit = afterCommit;
        this.awaiting = publisher.awaiting(alerts);
        this.meters = meters;
    }

    PaymentOutcome handle(PaymentNotified n) {
        Decided decided = applier.apply(n);
        PaymentOutcome outcome = decided.outcome();
        afterCommit.afterCommit(n, outcome.written());
        dispatch(n, outcome, awaiting, Level.INFO);
        // last: a settlement record says the notification's events are out as well
        decided.rowOutcome().ifPresent(row -> publisher.settled(n.rawId(), n.channel(), n.orderKey(), row));
        return outcome;
    }

    /**
     * The committed {@code outcome} of {@code n}: its log line, its downstream events and
     * alerts, through {@code sends}. An ordinary outcome's line is written at
     * {@code level}: INFO on the per-record path (retry topics, a batch's fallback),
     * DEBUG on the batch path, whose one INFO line per batch counts them; a conflict, an
     * illegal payment, a mismatch or an unknown state is WARN either way, for a person to
     * see.
     */
    void dispatch(PaymentNotified n, PaymentOutcome outcome, Sends sends, Level level) {
        meters.decided(n, outcome);
        switch (outcome) {
            case Applied a -> {
                at(level, n, "paid").log("order {} (id {}) {} -> {} by {} trade {}, raw {}{}", a.order().key(),
                        a.order().id(), a.from(), a.order().status(), n.channel().code(), n.channelTradeNo(), n.rawId(),
                        a.conflict()
                            .map(c -> ", overruling the channel's close (alert " + c.alertKey() + ")")
                            .orElse(""));
                var event = publisher.orderPaid(a.order(), sends);
                log.atLevel(level).log("order.paid {} for order {} sent", event.eventId(), a.order().id());
                a.conflict().ifPresent(sends::alert);
            }
            case Duplicate d -> {
                at(level, n, "duplicate").log(
                        "duplicate notification: order {} already paid by trade {} (raw {}), re-publishing order.paid",
                        d.order().key(), n.channelTradeNo(), n.rawId());
                publisher.orderPaid(d.order(), sends);
                d.conflict().ifPresent(sends::alert);
            }
            case Closed c -> {
                at(level, n, "closed").log("order {} (id {}) PENDING -> CLOSED by {} {} (raw {})", c.order().key(),
                        c.order().id(), n.channel().code(), n.channelState(), n.rawId());
                publisher.orderClosed(c.order(), n.channelState(), sends);
            }
            case AlreadyClosed c -> {
                at(level, n, "already-closed").log(
                        "order {} already closed: {} {} (raw {}), re-publishing order.closed", c.order().key(),
                        n.channel().code(), n.channelState(), n.rawId());
                publisher.orderClosed(c.order(), n.channelState(), sends);
            }
            case AttemptEnded e -> at(level, n, "attempt-ended").log(
                    "{} payment attempt {} of order {} ended ({}, raw {}); order stays {}", n.channel().code(),
                    n.channelTradeNo(), e.order().key(), n.channelState(), n.rawId(), e.order().status());
            case CloseOverruled o -> {
                at(Level.WARN, n, "close-overruled").log(
                        "close {} of order {} (raw {}, trade {}) overruled: the order is {} by trade {}; alert {}",
                        n.channelState(), o.order().key(), n.rawId(), n.channelTradeNo(), o.order().status(),
                        o.order().channelTradeNo().orElse("-"), o.conflict().alertKey());
                sends.alert(o.conflict());
            }
            case Illegal i -> {
                at(Level.WARN, n, "illegal").log(
                        "illegal notification {}: order {} is {}, trade {} (raw {}) set aside, refund task {} for {}",
                        i.refundTask().reason(), i.order().key(), i.order().status(), n.channelTradeNo(), n.rawId(),
                        i.refundTask().eventId(), i.refundTask().amount());
                publisher.refundTask(i.refundTask(), sends);
                sends.alert(i.alert());
                i.conflict().ifPresent(sends::alert);
            }
            case Mismatch m -> {
                at(Level.WARN, n, "mismatch").log("mismatch for order {}: {} (raw {}, trade {}) set aside for a person",
                        m.order().key(), m.what(), n.rawId(), n.channelTradeNo());
                sends.alert(m.alert());
            }
            case UnknownState u -> {
                at(Level.WARN, n, "unknown-state").log(
                        "unknown channel state {} for order {} (raw {}) set aside for a person", u.channelState(),
                        n.orderKey(), n.rawId());
                sends.alert(u.alert());
            }
        }
    }

    /**
     * A line about {@code n} at {@code level}, with its ids and {@code outcome} as
     * fields.
     */
    private LoggingEventBuilder at(Level level, PaymentNotified n, String outcome) {
        LoggingEventBuilder line = log.atLevel(level);
        if (line instanceof NOPLoggingEventBuilder) {
            // the batch path's DEBUG lines off: no fields to compute
            return line;
        }
        return line.addKeyValue(LogFields.ORDER_KEY, n.orderKey().kafkaKey())
            .addKeyValue(LogFields.TRADE_NO, n.channelTradeNo().value())
            .addKeyValue(LogFields.RAW_ID, n.rawId())
            .addKeyValue(LogFields.OUTCOME, outcome);
    }

}
