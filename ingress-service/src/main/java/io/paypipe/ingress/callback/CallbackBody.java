package io.paypipe.ingress.callback;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The body of a callback as {@link CallbackBodyFilter} read it before the request reached its controller: the raw
 * bytes, or why there are none (empty, too large, not complete within {@code ingress.body-read-timeout}, broken
 * connection). Read once, never through the servlet input stream again.
 */
public final class CallbackBody {

    static final String ATTRIBUTE = CallbackBody.class.getName();

    private CallbackBody() {
    }

    /** What the filter read for this request. A controller under {@code /notify/} without it is a wiring bug. */
    @SuppressWarnings("unchecked")
    public static Check<byte[]> of(HttpServletRequest request) {
        Object read = request.getAttribute(ATTRIBUTE);
        if (read instanceof Check<?> check) {
            return (Check<byte[]>) check;
        }
        throw new IllegalStateException("no callback body was read for " + request.getRequestURI());
    }
}
