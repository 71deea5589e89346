package io.paypipe.embedded.cluster;

/**
 * A node of the local cluster did not come up: its process exited, or it did not serve in
 * time. The message holds the end of the node's log.
 */
final class NodeFailedException extends IllegalStateException {

    private final boolean bindFailure;

    NodeFailedException(String message, boolean bindFailure) {
        super(message);
        this.bindFailure = bindFailure;
    }

    /** Whether it failed because one of its ports was taken (then other ports may do). */
    boolean bindFailure() {
        return bindFailure;
    }

}
