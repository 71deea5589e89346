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
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
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
 * <p>
 * Most bodies are already in Tomcat's buffer when the filter runs (a callback of a few
 * kilobytes arrives with its headers): those bytes are read at once, without blocking
 * ({@link ServletInputStream#available()} says they are there), and a body complete that
 * way goes straight to its controller, with no asynchronous read and no second dispatch
 * through the filters (issue 15: less work per callback). Only a body still missing bytes
 * takes the asynchronous read above, starting from what was read already. The counter
 * {@value #READS}{@code {path=direct|async}} says how many took each way.
 */
final class CallbackBodyFilter implements Filter {

    /** The counter of bodies read at once ({@code direct}) or asynchronously. */
    static final String READS = "paypipe.ingress.body.reads";

    private static final Logger log = LoggerFactory.getLogger(CallbackBodyFilter.class);

    private static final int CHUNK = 8192;

    private final long maxBytes;

    private final Duration deadline;

    private final CallbackTally tally;

    private final Counter direct;

    private final Counter async;

    CallbackBodyFilter(long maxBytes, Duration deadline, CallbackTally tally, MeterRegistry registry) {
        this.maxBytes = maxBytes;
        this.deadline = deadline;
        this.tally = tally;
        this.direct = reads(registry, "direct");
        this.async = reads(registry, "async");
    }

    private static Counter reads(MeterRegistry registry, String path) {
        return Counter.builder(READS)
            .description("Callback bodies read at once (already buffered) or asynchronously (still arriving)")
            .tag("path", path)
            .register(registry);
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
        ServletInputStream in = request.getInputStream();
        ByteArrayOutputStream early = new ByteArrayOutputStream();
        if (declared > 0) {
            try {
                readBuffered(in, declared, early);
            }
            catch (IOException e) {
                request.setAttribute(CallbackBody.ATTRIBUTE,
                        Check.reject(Rejection.MALFORMED, "body unreadable: " + e.getClass().getSimpleName()));
                chain.doFilter(req, res);
                return;
            }
            if (early.size() == declared) {
                direct.increment();
                request.setAttribute(CallbackBody.ATTRIBUTE, Check.ok(early.toByteArray()));
                chain.doFilter(req, res);
                return;
            }
        }
        this.async.increment();
        AsyncContext context = request.startAsync(req, res);
        context.setTimeout(deadline.toMillis());
        Reader reader = new Reader(context, in, early);
        context.addListener(reader);
        in.setReadListener(reader);
    }

    /**
     * Reads into {@code into} what is already buffered of a body of {@code declared}
     * bytes, never blocking: a read follows only an {@code available()} above zero, and
     * Tomcat's stream ends at the declared length.
     */
    private static void readBuffered(ServletInputStream in, long declared, ByteArrayOutputStream into)
            throws IOException {
        byte[] chunk = new byte[(int) Math.min(CHUNK, declared)];
        while (into.size() < declared && in.available() > 0) {
            int n = in.read(chunk, 0, (int) Math.min(chunk.length, declared - into.size()));
            if (n < 0) {
                return;
            }
            into.write(chunk, 0, n);
        }
    }

    /**
     * Collects the bytes as they arrive; the first of complete, too large, failed or
     * timed out wins.
     */
    private final class Reader implements ReadListener, AsyncListener {

        private final AsyncContext async;

        private final ServletInputStream in;

        private final ByteArrayOutputStream bytes;

        private final AtomicBoolean finished = new AtomicBoolean();

        private final long start = System.nanoTime();

        /** {@code early}: the bytes read before the asynchronous read started. */
        Reader(AsyncContext async, ServletInputStream in, ByteArrayOutputStream early) {
            this.async = async;
            this.in = in;
            this.bytes = early;
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
