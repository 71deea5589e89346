package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;

/**
 * Called after the database commit of a notification and before its downstream publish and offset commit:
 * the most dangerous moment of the pipeline. Production does nothing here; tests inject faults.
 */
public interface AfterCommitHook {

    AfterCommitHook NONE = notification -> { };

    void afterCommit(PaymentNotified notification);
}
