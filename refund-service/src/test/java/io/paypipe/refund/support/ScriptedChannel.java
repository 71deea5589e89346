package io.paypipe.refund.support;

import io.paypipe.core.id.Channel;
import io.paypipe.refund.channel.ChannelRefunds;
import io.paypipe.refund.channel.RefundCall;
import io.paypipe.refund.channel.RefundOrder;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A stand-in for one channel's refund API until the sandbox-backed client exists: it
 * keeps the refunds it made by (merchant, refund number) the way a channel does (the same
 * number twice refunds once) and answers each refund number as its test scripted it. By
 * default a refund is accepted and found succeeded by the first query. Only tests use it;
 * the real client (channel/wechatpay, channel/alipay) replaces it bean for bean.
 */
public final class ScriptedChannel implements ChannelRefunds {

    /** How the channel treats one refund number. */
    public enum Script {

        /** Accepted; a query finds it succeeded. */
        ACCEPT_THEN_SUCCEED,
        /**
         * Accepted; a query finds it still processing (until a notification says more).
         */
        ACCEPT_AND_HOLD,
        /** Succeeded at once. */
        SUCCEED,
        /** Refused (insufficient merchant balance): nothing made. */
        REFUSE,
        /**
         * Made and succeeded, but the answer is lost: the call outlasts the client's
         * timeout.
         */
        LOSE_ANSWER,
        /**
         * Never reaches the channel the first time (a 5xx before it did anything):
         * NotFound to a query.
         */
        FAIL_BEFORE_MAKING

    }

    /** One refund as the channel has it. */
    public record Made(String merchant, String refundNo, String refundId, long amount, String status) {
    }

    private final Channel channel;

    private final Map<String, Script> scripts = new ConcurrentHashMap<>();

    private final Map<String, Made> made = new ConcurrentHashMap<>();

    private final List<String> refundCalls = new CopyOnWriteArrayList<>();

    private final List<String> queryCalls = new CopyOnWriteArrayList<>();

    private final AtomicLong ids = new AtomicLong(System.nanoTime() % 1_000_000_000L);

    private volatile long loseAnswerMillis = 2_000;

    public ScriptedChannel(Channel channel) {
        this.channel = channel;
    }

    public void script(String refundNo, Script script) {
        scripts.put(refundNo, script);
    }

    public void loseAnswersFor(long millis) {
        this.loseAnswerMillis = millis;
    }

    /** Refund API calls for {@code refundNo} of {@code merchant}. */
    public long refundCalls(String merchant, String refundNo) {
        return refundCalls.stream().filter((merchant + "|" + refundNo)::equals).count();
    }

    public long queryCalls(String merchant, String refundNo) {
        return queryCalls.stream().filter((merchant + "|" + refundNo)::equals).count();
    }

    /**
     * The refunds the channel made for {@code merchant}'s numbers starting with
     * {@code prefix}.
     */
    public List<Made> made(String merchant, String prefix) {
        return made.values()
            .stream()
            .filter(m -> m.merchant().equals(merchant) && m.refundNo().startsWith(prefix))
            .toList();
    }

    @Override
    public Channel channel() {
        return channel;
    }

    @Override
    public RefundCall refund(RefundOrder order) {
        String key = key(order);
        refundCalls.add(key);
        Script script = scripts.getOrDefault(order.refundNo(), Script.ACCEPT_THEN_SUCCEED);
        Made existing = made.get(key);
        if (existing != null) {
            return answer(existing);
        }
        switch (script) {
            case REFUSE -> {
                return new RefundCall.Refused(null, "NOT_ENOUGH", "insufficient merchant balance");
            }
            case FAIL_BEFORE_MAKING -> {
                scripts.put(order.refundNo(), Script.ACCEPT_THEN_SUCCEED);
                return new RefundCall.Unknown("HTTP 500");
            }
            case LOSE_ANSWER -> {
                make(order, "SUCCESS");
                sleep(loseAnswerMillis);
                return new RefundCall.Unknown("no answer");
            }
            case SUCCEED -> {
                return answer(make(order, "SUCCESS"));
            }
            default -> {
                return answer(make(order, "PROCESSING"));
            }
        }
    }

    @Override
    public RefundCall query(RefundOrder order) {
        String key = key(order);
        queryCalls.add(key);
        Made m = made.get(key);
        if (m == null) {
            return new RefundCall.NotFound();
        }
        if (m.status().equals("PROCESSING")
                && scripts.getOrDefault(order.refundNo(), Script.ACCEPT_THEN_SUCCEED) == Script.ACCEPT_THEN_SUCCEED) {
            m = new Made(m.merchant(), m.refundNo(), m.refundId(), m.amount(), "SUCCESS");
            made.put(key, m);
        }
        return answer(m);
    }

    private Made make(RefundOrder order, String status) {
        return made.computeIfAbsent(key(order),
                k -> new Made(order.orderKey().merchantId().value(), order.refundNo(),
                        "50" + channel.ordinal() + String.format("%027d", ids.incrementAndGet()),
                        order.amount().minor(), status));
    }

    private static RefundCall answer(Made m) {
        return switch (m.status()) {
            case "SUCCESS" -> new RefundCall.Succeeded(m.refundId(), Instant.now().truncatedTo(ChronoUnit.SECONDS));
            case "CLOSED" -> new RefundCall.Refused(m.refundId(), "CLOSED", "refund closed");
            default -> new RefundCall.Accepted(m.refundId());
        };
    }

    private static String key(RefundOrder order) {
        return order.orderKey().merchantId().value() + "|" + order.refundNo();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
