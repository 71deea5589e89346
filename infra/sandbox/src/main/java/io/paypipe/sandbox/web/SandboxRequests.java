package io.paypipe.sandbox.web;

/**
 * The checks every sandbox endpoint makes on a request; a failed one answers 400 (see
 * {@link SandboxErrorAdvice}).
 */
public final class SandboxRequests {

    /** At most this many copies of one notification per request. */
    public static final int MAX_COPIES = 100;

    private SandboxRequests() {
    }

    /**
     * @throws IllegalArgumentException with {@code message} unless {@code condition}
     * holds
     */
    public static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /**
     * How many copies to push: 1 when not given, else between 1 and {@link #MAX_COPIES}.
     */
    public static int copies(Integer requested) {
        int copies = requested == null ? 1 : requested;
        require(copies >= 1 && copies <= MAX_COPIES, "copies must be between 1 and " + MAX_COPIES);
        return copies;
    }

}
