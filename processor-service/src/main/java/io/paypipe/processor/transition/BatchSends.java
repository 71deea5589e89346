package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.processor.publish.EventPublisher;
import io.paypipe.support.alert.AlertPublisher;
import io.paypipe.support.kafka.EventSender.Pending;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The publishing of one committed batch, in two waves, each sent without waiting per
 * event and then awaited as a whole (one publish timeout for the wave): first every
 * notification's downstream events and alerts, then, for the notifications whose events
 * are all confirmed, their settlements on {@code payment.settled} (last, as on the
 * per-record path: a settlement says the notification's events are out). Only then may
 * the caller return and the container commit the batch's offsets; a crash before that
 * redelivers the batch, whose decisions publish the same event ids again.
 */
final class BatchSends {

    /** Record {@code index} of the batch failed with {@code cause}. */
    record Failure(int index, RuntimeException cause) {
    }

    private record Sent(int index, Pending pending) {
    }

    private final DownstreamPublisher publisher;

    private final AlertPublisher alerts;

    private final EventPublisher events;

    private final List<Sent> sent = new ArrayList<>();

    private final List<DownstreamPublisher.Settling> settling = new ArrayList<>();

    BatchSends(DownstreamPublisher publisher, AlertPublisher alerts, EventPublisher events) {
        this.publisher = publisher;
        this.alerts = alerts;
        this.events = events;
    }

    /** Where the events of the batch's record {@code index} go. */
    Sends of(int index) {
        return publisher.later(alerts, pending -> sent.add(new Sent(index, pending)));
    }

    /**
     * Waits for every event sent; the first record, in the batch's order, one of whose
     * events the broker did not confirm (the records before it are all confirmed).
     */
    Optional<Failure> awaitEvents() {
        long deadline = events.deadlineFromNow();
        for (Sent s : sent) {
            try {
                s.pending().await(deadline);
            }
            catch (RuntimeException e) {
                return Optional.of(new Failure(s.index(), e));
            }
        }
        return Optional.empty();
    }

    /**
     * Sends the settlement of {@code n}, whose raw row the batch left with {@code row}.
     */
    void settled(PaymentNotified n, RawOutcome row) {
        settling.add(publisher.settledLater(n.rawId(), n.channel(), n.orderKey(), row));
    }

    /**
     * Waits for every settlement; one the broker did not take is logged, not thrown
     * ({@link DownstreamPublisher#settled}).
     */
    void awaitSettlements() {
        long deadline = events.deadlineFromNow();
        settling.forEach(s -> publisher.confirm(s, deadline));
    }

    int eventsSent() {
        return sent.size();
    }

}
