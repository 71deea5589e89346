package io.paypipe.core.refund;

/**
 * A refund's status ({@code refund.status}). PENDING: stored with its refund_no before
 * the channel is called (and after a call whose answer we do not know: a timeout, a 5xx,
 * an unknown answer; the refund query decides). ACCEPTED: the channel took it; money has
 * not moved yet. SUCCESS: the money went back. FAIL: the channel definitely refused it or
 * closed it. ABNORMAL is not a status: it is an alert, and a later SUCCESS still applies.
 */
public enum RefundStatus {

    PENDING, ACCEPTED, SUCCESS, FAIL;

    /** True while the money may still go back: it counts against what is refundable. */
    public boolean inFlight() {
        return this == PENDING || this == ACCEPTED;
    }

    public boolean isFinal() {
        return this == SUCCESS || this == FAIL;
    }

    /**
     * True when a refund in this status may move to {@code next}: forward only, once
     * final never.
     */
    public boolean mayBecome(RefundStatus next) {
        return switch (this) {
            case PENDING -> next != PENDING;
            case ACCEPTED -> next == SUCCESS || next == FAIL;
            case SUCCESS, FAIL -> false;
        };
    }

}
