package io.paypipe.ingress.intake;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.RefundNotified;
import io.paypipe.core.id.EventId;
import io.paypipe.core.topic.Topic;
import io.paypipe.core.topic.Topics;
import io.paypipe.ingress.intake.NotifyPublisher.Publication;
import io.paypipe.support.logging.LogFields;
import java.time.Clock;
import java.time.Instant;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.event.Level;
import org.slf4j.spi.LoggingEventBuilder;
import org.slf4j.spi.NOPLoggingEventBuilder;
import org.springframework.dao.DataAccessException;

/**
 * Stores a verified payment or refund once and hands it to Kafka, the same way for both:
 * reserve the raw row (one autocommit INSERT, a duplicate finds the existing row), then
 * publish and wait for the broker. A later delivery is published again while the row is
 * unsettled, or when the row is settled but the channel now reports another state (never
 * dropped silently: the processor or the refund service decides); only a settled row
 * reported in the same state is acknowledged without work. Business logic lives
 * downstream, not here.
 * <p>
 * {@link PaymentIntake} and {@link RefundIntake} are its two kinds: which table, which
 * topic, and how their log lines name what they store ({@link Kind}); each logs under its
 * own name. A callback's ordinary outcomes (published, a settled duplicate) are DEBUG
 * lines, off the hot path ({@code CallbackSummary} counts them once a minute); a state
 * that contradicts the stored one is WARN, a storage or publish failure ERROR.
 */
public abstract sealed class RawIntake<N extends Verified<E>, E> permits PaymentIntake, RefundIntake {

    /**
     * One intake's topic and words: {@code noun} comes before "notification" and "publish
     * failed" in its log lines ({@code ""} or {@code "refund "}), {@code idName} names
     * {@link Verified#loggedId()}, {@code decider} is who decides about a settled row
     * reported in another state.
     */
    record Kind<E>(Topic<E> topic, Function<E, EventId> eventId, String noun, String idName, String decider) {

        static final Kind<PaymentNotified> PAYMENTS = new Kind<>(Topics.PAYMENT_NOTIFY, PaymentNotified::eventId, "",
                "tradeNo", "processor");
        static final Kind<RefundNotified> REFUNDS = new Kind<>(Topics.REFUND_NOTIFY, RefundNotified::eventId, "refund ",
                "refundKey", "refund service");

    }

    private final Logger log;

    private final Kind<E> kind;

    private final RawTable<N> rows;

    private final NotifyPublisher publisher;

    private final Clock clock;

    RawIntake(Logger log, Kind<E> kind, RawTable<N> rows, NotifyPublisher publisher, Clock clock) {
        this.log = log;
        this.kind = kind;
        this.rows = rows;
        this.publisher = publisher;
        this.clock = clock;
    }

    public IntakeOutcome accept(N n) {
        Instant now = clock.instant();
        Reservation reservation;
        try {
            reservation = rows.reserve(n, now);
        }
        catch (DataAccessException e) {
            // class names only: a driver message may quote a fragment of the stored body
            log.error(
                    "storage failed for {} " + kind.noun() + "notification merchant={} " + kind.idName()
                            + "={}: {} <- {}",
                    n.channel().code(), n.orderKey().merchantId(), n.loggedId(), e.getClass().getSimpleName(),
                    e.getMostSpecificCause().getClass().getSimpleName());
            return new IntakeOutcome.StorageFailed();
        }
        return switch (reservation) {
            case Reservation.Created created -> switch (publish(created.rawId(), n, now, false)) {
                case Publication.Confirmed c -> new IntakeOutcome.Published(created.rawId(), false);
                case Publication.Failed f -> new IntakeOutcome.PublishFailed(created.rawId());
            };
            case Reservation.Existing(RawRow row) when !row.settled() -> {
                if (row.differsFrom(n.channelState())) {
                    at(Level.WARN, n, "duplicate-other-state").log(
                            "duplicate " + kind.noun() + "notification rawId={} " + kind.idName()
                                    + "={} now says {} but {} " + "was stored first",
                            row.id(), n.loggedId(), n.channelState(), row.tradeState());
                }
                yield publishAgain(row, n, now, new IntakeOutcome.Published(row.id(), true));
            }
            case Reservation.Existing(RawRow row) when !row.differsFrom(n.channelState()) -> {
                at(Level.DEBUG, n, "duplicate").log(
                        "duplicate " + kind.noun() + "notification rawId={} {} " + kind.idName()
                                + "={} already handled " + "(handled={}): acknowledged",
                        row.id(), n.channel().code(), n.loggedId(), row.handled());
                yield new IntakeOutcome.AlreadySettled(row.id(), row.handled());
            }
            case Reservation.Existing(RawRow row) -> {
                at(Level.WARN, n, "state-changed").log(
                        "settled " + kind.noun() + "notification rawId={} {} " + kind.idName() + "={} (handled={}) now "
                                + "reports {} but {} is stored: published again for the " + kind.decider()
                                + " to decide",
                        row.id(), n.channel().code(), n.loggedId(), row.handled(), n.channelState(), row.tradeState());
                yield publishAgain(row, n, now, new IntakeOutcome.StateChangedRepublished(row.id(), row.handled(),
                        row.tradeState(), n.channelState()));
            }
        };
    }

    /**
     * Publishes a later delivery of {@code row}, then moves its
     * {@code last_delivered_at}; {@code confirmed} when both worked.
     */
    private IntakeOutcome publishAgain(RawRow row, N n, Instant now, IntakeOutcome confirmed) {
        if (publish(row.id(), n, now, true) instanceof Publication.Failed) {
            return new IntakeOutcome.PublishFailed(row.id());
        }
        try {
            rows.markDelivered(row.id(), now);
            return confirmed;
        }
        catch (DataAccessException e) {
            log.error(
                    "published " + kind.noun() + "rawId={} " + kind.idName() + "={} again but could not record the "
                            + "delivery: {} <- {}; fail ack so the channel pushes again",
                    row.id(), n.loggedId(), e.getClass().getSimpleName(),
                    e.getMostSpecificCause().getClass().getSimpleName());
            return new IntakeOutcome.StorageFailed();
        }
    }

    private Publication publish(long rawId, N n, Instant now, boolean duplicate) {
        E event = n.event(rawId, now);
        String key = n.orderKey().kafkaKey();
        Publication publication = publisher.publish(kind.topic(), key, event, rawId);
        switch (publication) {
            case Publication.Confirmed(int partition, long offset) ->
                at(Level.DEBUG, n, "published").addKeyValue(LogFields.TOPIC, kind.topic().name())
                    .addKeyValue(LogFields.PARTITION, partition)
                    .addKeyValue(LogFields.OFFSET, offset)
                    .log(kind.noun() + "notification published " + "rawId={} eventId={} key={} " + kind.idName()
                            + "={} state={} duplicate={} partition={} offset={}", rawId, kind.eventId().apply(event),
                            key, n.loggedId(), n.channelState(), duplicate, partition, offset);
            case Publication.Failed(String reason) ->
                at(Level.ERROR, n, "publish-failed").log(kind.noun() + "publish failed rawId={} key={} " + kind.idName()
                        + "={}: {}; fail ack so the channel pushes again", rawId, key, n.loggedId(), reason);
        }
        return publication;
    }

    /**
     * A line about {@code n} at {@code level}, with its ids and {@code outcome} as
     * fields.
     */
    private LoggingEventBuilder at(Level level, N n, String outcome) {
        LoggingEventBuilder line = log.atLevel(level);
        if (line instanceof NOPLoggingEventBuilder) {
            // a DEBUG line off: no fields to compute
            return line;
        }
        return line.addKeyValue(LogFields.CHANNEL, n.channel().code())
            .addKeyValue(LogFields.ORDER_KEY, n.orderKey().kafkaKey())
            .addKeyValue(LogFields.TRADE_NO, n.loggedId())
            .addKeyValue(LogFields.OUTCOME, outcome);
    }

}
