package io.paypipe.processor.transition;

import io.paypipe.core.raw.RawOutcome;
import java.util.Optional;

/**
 * What one transaction of {@link PaymentApplier} committed: the {@code outcome} to
 * dispatch, and the outcome the notification's raw row holds after it
 * ({@code rowOutcome}, read back in the same transaction), which its settlement record
 * carries. They differ when the row kept the outcome its trade had (a redelivered success
 * keeps {@code APPLIED}, a close of a paid trade the payment's outcome); empty only when
 * there is no such row.
 */
record Decided(PaymentOutcome outcome, Optional<RawOutcome> rowOutcome) {
}
