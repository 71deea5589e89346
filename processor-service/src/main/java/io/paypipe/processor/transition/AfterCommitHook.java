package io.paypipe.processor.transition;

import io.paypipe.core.event.PaymentNotified;

/**
 * Called after the database commit of a notification and before its downstream publish and offset commit: the
 * most dangerous moment of the pipeline. Production does nothing here; tests inject faults. {@code outcome} is the
 * simple name of the outcome committed ({@code Applied}, {@code Duplicate}, ...).
 */
public interface AfterCommitHook {

    AfterCommitHook NONE = (notification, outcome) -> { };

    void afterCommit(PaymentNotified notification, String outcome);
}
