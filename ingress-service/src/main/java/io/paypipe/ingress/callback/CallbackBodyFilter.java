package io.paypipe.ingress.callback;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;

/**
 * Reads the body of every callback ({@code POST /notify/*}) before its controller runs,
 * so that a slow client never holds a bulkhead permit, and within a TOTAL deadline
 * ({@code ingress.body-read-timeout}), so that it cannot hold its connection for long
 * either. A blocking servlet read cannot be bounded in total on Tomcat (its read timeout
 * restarts with every byte, and neither an interrupt nor closing the socket wakes a
 * blocked reader), so the body is read the servlet way instead: asynchronously with a
 * {@link ReadListener}, no thread held while bytes trickle in, and the
 * {@link AsyncContext}'s timeout, which Tomcat counts from the start of the request
 * (checked once a second).
 * <p>
 * What was read ({@link CallbackBody}) goes into a request attribute and the request is
 * dispatched again to its controller, which answers in its channel's format. A body not
 * complete in time never reaches a controller: it is answered here, cheaply (a hundred
 * slow clients time out in the same second), with the channel's fail ack for
 * {@link Rejection#BODY_TIMEOUT} (408, on which Tomcat closes the connection instead of
 * draining the rest) and one log line. A body declared larger than
 * {@code ingress.max-body-bytes} is refused unread; one that turns out larger stops being
 * read.
 */
final class CallbackBodyFilter implements Filter {

    private static final Logger log = LoggerFactory.getLogger(CallbackBodyFilter.class);

    private static final int CHUNK = 8192;

    private final long maxBytes;

    private final Duration deadline;

    private final CallbackTally tally;

    CallbackBodyFilter(long maxBytes, Duration deadline, CallbackTally tally) {
        this.maxBytes = maxBytes;
        this.deadline = deadline;
        this.tally = tally;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        if (!"POST".equals(request.getMethod()) || request.getAttribute(CallbackBody.ATTRIBUTE) != null) {
            chain.doFilter(req, res);
            return;
        }
        long declared = request.getContentLengthLong();
        if (declared > maxBytes) {
            request.setAttribute(CallbackBody.ATTRIBUTE,
                    Check.reject(Rejection.BODY_TOO_LARGE, "declared " + declared + " bytes"));
            chain.doFilter(req, res);
            return;
        }
        AsyncContext async = request.startAsync(req, res);
        async.setTimeout(deadline.toMillis());
        ServletInputStream in = request.getInputStream();
        Reader reader = new Reader(async, in);
        async.addListener(reader);
        in.setReadListener(reader);
    }

    /**
     * Collects the bytes as they arrive; the first of complete, too large, failed or
     * timed out wins.
     */
    private final class Reader implements ReadListener, AsyncListener {

        private final AsyncContext async;

        private final ServletInputStream in;

        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        private final AtomicBoolean finished = new AtomicBoolean();

        private final long start = System.nanoTime();

        Reader(AsyncContext async, ServletInputStream in) {
            this.async = async;
            this.in = in;
        }

        @Override
        public void onDataAvailable() throws IOException {
            byte[] chunk = new byte[CHUNK];
            while (!finished.get() && in.isReady()) {
                int n = in.read(chunk);
                if (n < 0) {
                    return; // onAllDataRead follows
                }
                if (bytes.size() + (long) n > maxBytes) {
                    finish(Check.reject(Rejection.BODY_TOO_LARGE, "more than " + maxBytes + " bytes"));
                    return;
                }
                bytes.write(chunk, 0, n);
            }
        }

        @Override
        public void onAllDataRead() {
            finish(bytes.size() == 0 ? Check.reject(Rejection.EMPTY_BODY, "0 bytes") : Check.ok(bytes.toByteArray()));
        }

        @Override
        public void onError(Throwable t) {
            finish(Check.reject(Rejection.MALFORMED, "body unreadable: " + t.getClass().getSimpleName()));
        }

        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            HttpServletRequest request = (HttpServletRequest) async.getRequest();
            HttpServletResponse response = (HttpServletResponse) async.getResponse();
            ChannelAck channel = ChannelAck.forPath(request.getRequestURI());
            Rejection rejection = Rejection.BODY_TIMEOUT;
            tally.rejected(channel, rejection, start);
            log.warn("{} rejected: {} (body not complete within {}: {} bytes received) status={} body={}",
                    channel.label(), rejection, deadline, bytes.size(), rejection.status().value(),
                    BodyFingerprint.NONE);
            ResponseEntity<Object> ack = channel.fail(rejection);
            response.setStatus(ack.getStatusCode().value());
            response.setContentType(String.valueOf(ack.getHeaders().getContentType()));
            response.setCharacterEncoding("UTF-8");
            response.getWriter().write(ChannelAck.text(ack.getBody()));
            async.complete();
        }

        @Override
        public void onError(AsyncEvent event) {
            Throwable cause = event.getThrowable();
            finish(Check.reject(Rejection.MALFORMED,
                    "body unreadable: " + (cause == null ? "connection error" : cause.getClass().getSimpleName())));
        }

        @Override
        public void onComplete(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
        }

        private void finish(Check<byte[]> body) {
            if (finished.compareAndSet(false, true)) {
                async.getRequest().setAttribute(CallbackBody.ATTRIBUTE, body);
                async.dispatch();
            }
        }

    }

}
