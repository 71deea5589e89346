package io.paypipe.processor.transition;

/**
 * Something on the batch path that should not happen: a guarded update or an INSERT that
 * did not affect the rows it had to, an order that moved under the batch's lock. Never
 * thrown out of the listener: the batch is rolled back and its records are applied one by
 * one ({@link PaymentBatchListener}), so that correctness never depends on the fast path.
 */
class BatchSurprise extends RuntimeException {

    BatchSurprise(String message) {
        super(message);
    }

}
