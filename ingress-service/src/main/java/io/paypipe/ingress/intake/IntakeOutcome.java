package io.paypipe.ingress.intake;

/** What became of a verified notification; each case maps to exactly one acknowledgement. */
public sealed interface IntakeOutcome {

    /** Stored (now or by an earlier delivery) and confirmed by the broker: ack success. */
    record Published(long rawId, boolean duplicate) implements IntakeOutcome {
    }

    /** An earlier delivery was already settled (handled 1 or 2): ack success, nothing published. */
    record AlreadySettled(long rawId, int handled) implements IntakeOutcome {
    }

    /** Could not be stored: fail ack, the channel pushes again. */
    record StorageFailed() implements IntakeOutcome {
    }

    /** Stored but not confirmed by the broker: fail ack; the row stays handled=0 and the next push publishes it. */
    record PublishFailed(long rawId) implements IntakeOutcome {
    }
}
