package io.paypipe.ingress.unverified;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.core.id.Channel;
import io.paypipe.ingress.callback.CallbackFlow;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.config.IngressProperties;
import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.unverified.EarlyQuery.Result;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Callbacks whose signature failed ({@link Rejection#BAD_SIGNATURE}) are never trusted:
 * their answer stays the channel's fail ack and nothing of them is stored. But one that
 * names an order may be a real payment signed with a key we missed (a rotation), so the
 * named order, if it is stored and PENDING, gets an early query at its channel
 * ({@link EarlyQuery}, within {@link QueryLimits}). {@link #watching} wraps a channel's
 * checks: on a bad signature it hands the body to a small pool of two threads with a
 * bounded backlog ({@code ingress.unverified-query.backlog}; more are dropped) and
 * returns the rejection at once, so the fail ack never waits for the lookup or the
 * publish. The body is read there only for the order's name; nothing of it is logged.
 * Counted as {@code paypipe.unverified_callbacks{channel,result}}.
 */
@Component
public class UnverifiedCallbacks implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(UnverifiedCallbacks.class);

    private final EarlyQuery query;

    private final MeterRegistry meters;

    private final boolean enabled;

    private final ThreadPoolExecutor pool;

    UnverifiedCallbacks(EarlyQuery query, MeterRegistry meters, IngressProperties properties) {
        this.query = query;
        this.meters = meters;
        this.enabled = properties.unverifiedQuery().enabled();
        AtomicInteger threads = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(properties.unverifiedQuery().backlog()), task -> {
                    Thread t = new Thread(task, "unverified-query-" + threads.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
    }

    /**
     * {@code check}, and when it rejects a callback for its signature, the early query of
     * the order {@code names} reads from the body, in the background.
     */
    public CallbackFlow.ChannelCheck watching(Channel channel, CallbackFlow.ChannelCheck check,
            Function<byte[], Optional<NamedOrder>> names) {
        return (headers, body) -> {
            Check<Classified> checked = check.check(headers, body);
            if (enabled && checked instanceof Check.Rejected<Classified> r
                    && r.rejection() == Rejection.BAD_SIGNATURE) {
                submit(channel, body, names);
            }
            return checked;
        };
    }

    private void submit(Channel channel, byte[] body, Function<byte[], Optional<NamedOrder>> names) {
        try {
            pool.execute(() -> handle(channel, body, names));
        }
        catch (RejectedExecutionException full) {
            count(channel, "dropped");
            log.debug("unverified {} callback not looked up: backlog full", channel.code());
        }
    }

    private void handle(Channel channel, byte[] body, Function<byte[], Optional<NamedOrder>> names) {
        try {
            Optional<NamedOrder> named = names.apply(body);
            if (named.isEmpty()) {
                count(channel, "unnamed");
                return;
            }
            query.schedule(named.get()).forEach(result -> report(channel, result));
        }
        catch (RuntimeException e) {
            count(channel, "failed");
            log.warn("early query of an unverified {} callback failed: {}", channel.code(), e.toString());
        }
    }

    private void report(Channel channel, Result result) {
        switch (result) {
            case Result.Scheduled s -> {
                count(channel, "scheduled");
                log.warn(
                        "{} callback with a bad signature names pending order merchant={} out_trade_no={}: "
                                + "early query {} scheduled",
                        channel.code(), s.order().merchantId(), s.order().outTradeNo(), s.eventId());
            }
            case Result.PublishFailed f -> {
                count(channel, "publish_failed");
                log.warn(
                        "{} callback with a bad signature names pending order merchant={} out_trade_no={}: "
                                + "early query {} not scheduled: {}",
                        channel.code(), f.order().merchantId(), f.order().outTradeNo(), f.eventId(), f.reason());
            }
            case Result.Limited l -> {
                count(channel, l.verdict().name().toLowerCase(Locale.ROOT));
                log.debug("{} callback with a bad signature: early query {} ({})", channel.code(), l.verdict(),
                        l.order());
            }
            case Result.NotPending n -> {
                count(channel, "not_pending");
                log.debug("{} callback with a bad signature names order {}, which is {}", channel.code(), n.order(),
                        n.status());
            }
            case Result.NoOrder none -> count(channel, "no_order");
        }
    }

    private void count(Channel channel, String result) {
        meters.counter("paypipe.unverified_callbacks", "channel", channel.code(), "result", result).increment();
    }

    @Override
    public void destroy() {
        pool.shutdownNow();
    }

}
