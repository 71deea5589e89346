package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.raw.RawOutcome;
import java.util.Optional;

/**
 * Called after the database commit of a notification and before its downstream publish
 * and offset commit: the most dangerous moment of the pipeline. Production does nothing
 * here; tests inject faults. {@code written} is the outcome the commit settled the raw
 * row with ({@link RawOutcome#APPLIED} for a payment that paid the order), empty when the
 * row kept the outcome its trade had.
 */
public interface AfterCommitHook {

    AfterCommitHook NONE = (notification, written) -> {
    };

    void afterCommit(PaymentNotified notification, Optional<RawOutcome> written);

}
