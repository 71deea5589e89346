package io.paypipe.ingress.intake;

/**
 * What became of a verified notification; each case maps to exactly one acknowledgement
 * ({@code ChannelAck#answer}).
 */
public sealed interface IntakeOutcome {

    /**
     * Stored (now, or by an earlier delivery whose row is still unsettled) and confirmed
     * by the broker: ack success. A {@code duplicate} moved the row's
     * {@code last_delivered_at}: its processing starts over.
     */
    record Published(long rawId, boolean duplicate) implements IntakeOutcome {
    }

    /**
     * The row was settled (handled 1 or 2) with {@code storedState}, and this delivery
     * reports another state: it was published again under the same raw id, confirmed by
     * the broker, and the row's {@code last_delivered_at} moved. The processor decides
     * from the order's state (e.g. money that arrived after a close). Ack success.
     */
    record StateChangedRepublished(long rawId, int handled, String storedState,
            String reportedState) implements IntakeOutcome {
    }

    /**
     * The row was settled with the state this delivery reports: ack success, nothing
     * published, nothing written.
     */
    record AlreadySettled(long rawId, int handled) implements IntakeOutcome {
    }

    /**
     * Could not be stored, or a delivery published again could not be recorded
     * ({@code last_delivered_at}): fail ack, the channel pushes again.
     */
    record StorageFailed() implements IntakeOutcome {
    }

    /**
     * Stored but not confirmed by the broker: fail ack; the channel's next push publishes
     * it again.
     */
    record PublishFailed(long rawId) implements IntakeOutcome {
    }

    /**
     * Written to the event log ({@code pay_notify_event}) only, nothing published: ack
     * success.
     */
    record Logged() implements IntakeOutcome {
    }

}
