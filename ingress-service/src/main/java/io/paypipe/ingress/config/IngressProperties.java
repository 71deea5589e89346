package io.paypipe.ingress.config;

import io.paypipe.support.topic.TopicSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Everything ingress can be told, under {@code ingress.*}.
 *
 * @param maxBodyBytes bodies larger than this are refused unread (fail ack)
 * @param replayWindow a notification whose {@code Wechatpay-Timestamp} is further than
 * this from now is refused, whatever its signature
 * @param merchantsFile the merchants file ({@code PAYMENT_MERCHANTS_FILE})
 * @param merchantsReloadInterval how often the merchants file is read again: a changed
 * file that is valid takes effect without a restart (keys rotate), an invalid one is
 * refused with a MERCHANTS_FILE_INVALID alert and the previous one stays in use
 * ({@code MerchantsFileWatch}); zero: read at start only
 * @param publishTimeout how long a callback waits for the broker's confirmation; WeChat
 * gives 5 s in all
 * @param maxConcurrentCallbacks callbacks storing and publishing at once (the bulkhead
 * around the database and the broker)
 * @param bulkheadWait how long a verified callback waits for a bulkhead permit before it
 * gets the fail ack; zero refuses at once. Longer than {@code admissionLatency}, so that
 * a callback the admission let in is stored rather than refused after its checks
 * @param bodyReadTimeout the whole body must have arrived within this time from the start
 * of the request, else the fail ack (408) and the connection is closed; read before any
 * permit is taken
 * @param stripeTolerance a Stripe event whose signed {@code t=} is further than this from
 * now (either way) is refused; also the tolerance handed to stripe-java's {@code Webhook}
 * (Stripe: 300 s)
 * @param unverifiedQuery the early queries of callbacks whose signature failed
 * ({@code ingress.unverified-query.*})
 * @param summaryInterval how often ingress logs one INFO line with the callbacks of each
 * channel and outcome since the last one ({@code CallbackSummary}; none when nothing
 * happened)
 * @param topicPartitions partitions of the topics ingress declares (the catalogue's, as
 * every service does), and the fewest it accepts of one that exists
 * @param topicReplicas replicas of those topics (1 for the embedded broker, 3 in
 * production), and the fewest it accepts
 * @param topicMinInsyncReplicas their {@code min.insync.replicas} (1 for the embedded
 * broker, 2 in production), and the lowest it accepts
 * @param rawInserts how concurrent payments share their raw-row INSERTs
 * ({@code ingress.raw-inserts.*})
 * @param maxCallbacksInProgress callbacks between their body's arrival and their answer
 * (checks, the bulkhead's wait, storing); one more is refused (429) before its checks
 * ({@code CallbackAdmission}); at least {@code maxConcurrentCallbacks}. A hard cap: the
 * admission is open to fewer while a queue stands ({@code admissionLatency})
 * @param admissionLatency the admission's interval and its limit: when every callback
 * stored in an interval this long took longer than this from its admission to its answer,
 * a queue stood, and the admission halves how many it lets be in progress (down to
 * {@code maxConcurrentCallbacks}); after each interval without one it lets in
 * {@code maxConcurrentCallbacks} more (up to {@code maxCallbacksInProgress}). The backlog
 * of a short stall (a collector's pause) drains with some answers in time and sheds
 * nothing
 */
@ConfigurationProperties("ingress")
public record IngressProperties(@DefaultValue("64KB") DataSize maxBodyBytes, @DefaultValue("5m") Duration replayWindow,
        @DefaultValue("var/merchants.yaml") Path merchantsFile, @DefaultValue("10s") Duration merchantsReloadInterval,
        @DefaultValue("3s") Duration publishTimeout, @DefaultValue("64") int maxConcurrentCallbacks,
        @DefaultValue("300s") Duration stripeTolerance, @DefaultValue("1s") Duration bulkheadWait,
        @DefaultValue("5s") Duration bodyReadTimeout, @DefaultValue UnverifiedQuery unverifiedQuery,
        @DefaultValue("1m") Duration summaryInterval, @DefaultValue("6") int topicPartitions,
        @DefaultValue("1") short topicReplicas, @DefaultValue("1") short topicMinInsyncReplicas,
        @DefaultValue RawInserts rawInserts, @DefaultValue("1024") int maxCallbacksInProgress,
        @DefaultValue("500ms") Duration admissionLatency) implements TopicSettings {

    /**
     * Payments that arrive together share one multi-row INSERT of their raw rows
     * ({@code PaymentRawBatcher}): each callback still answers only after its own row is
     * committed, but a burst costs the database one statement and one commit per group
     * instead of one per payment. A payment that arrives alone is inserted alone, as
     * before.
     *
     * @param writers threads that insert the groups, each with a connection of its own
     * while it works; 0 turns grouping off (every payment its own INSERT on its request's
     * thread)
     * @param maxRows the most payments in one INSERT
     */
    public record RawInserts(@DefaultValue("4") int writers, @DefaultValue("16") int maxRows) {

        public RawInserts {
            if (writers < 0 || maxRows < 1) {
                throw new IllegalArgumentException(
                        "ingress.raw-inserts.writers must not be negative and max-rows must be positive");
            }
        }

    }

    /**
     * A callback whose signature failed but that names a pending order of a known
     * merchant schedules an early query of that order ({@code PaymentQueryDue}, reason
     * UNVERIFIED_CALLBACK, on {@code payment.query}), within these limits.
     *
     * @param enabled false: no early queries at all
     * @param perOrder queries one order may get per {@code orderPeriod}
     * @param orderPeriod the period of {@code perOrder}, also the window of the query's
     * event id (repeats within one window are the same event)
     * @param perMerchant queries of one merchant's orders per {@code merchantPeriod}
     * @param merchantPeriod the period of {@code perMerchant}
     * @param expiresAfter the query runs until now + this ({@code expiresAt})
     * @param publishTimeout how long the publish waits for the broker (off the request's
     * thread: the fail ack never waits for it)
     * @param backlog callbacks waiting for their order to be looked up; more are dropped
     */
    public record UnverifiedQuery(@DefaultValue("true") boolean enabled, @DefaultValue("1") int perOrder,
            @DefaultValue("5m") Duration orderPeriod, @DefaultValue("10") int perMerchant,
            @DefaultValue("1m") Duration merchantPeriod, @DefaultValue("2h") Duration expiresAfter,
            @DefaultValue("2s") Duration publishTimeout, @DefaultValue("64") int backlog) {

        public UnverifiedQuery {
            if (perOrder <= 0 || perMerchant <= 0 || backlog <= 0) {
                throw new IllegalArgumentException(
                        "ingress.unverified-query.per-order, per-merchant and backlog must be positive");
            }
            requirePositive(orderPeriod, "ingress.unverified-query.order-period");
            requirePositive(merchantPeriod, "ingress.unverified-query.merchant-period");
            requirePositive(expiresAfter, "ingress.unverified-query.expires-after");
            requirePositive(publishTimeout, "ingress.unverified-query.publish-timeout");
            if (orderPeriod.toSeconds() < 1) {
                throw new IllegalArgumentException("ingress.unverified-query.order-period must be at least a second");
            }
        }

    }

    public IngressProperties {
        if (maxBodyBytes.toBytes() <= 0 || maxBodyBytes.toBytes() > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("ingress.max-body-bytes must be between 1 byte and 2 GiB");
        }
        requirePositive(replayWindow, "ingress.replay-window");
        requirePositive(publishTimeout, "ingress.publish-timeout");
        requirePositive(stripeTolerance, "ingress.stripe-tolerance");
        requirePositive(bodyReadTimeout, "ingress.body-read-timeout");
        requirePositive(summaryInterval, "ingress.summary-interval");
        requirePositive(admissionLatency, "ingress.admission-latency");
        if (bulkheadWait.isNegative()) {
            throw new IllegalArgumentException("ingress.bulkhead-wait must not be negative");
        }
        if (stripeTolerance.toSeconds() < 1) {
            throw new IllegalArgumentException("ingress.stripe-tolerance must be at least one second");
        }
        if (maxConcurrentCallbacks <= 0) {
            throw new IllegalArgumentException("ingress.max-concurrent-callbacks must be positive");
        }
        if (maxCallbacksInProgress < maxConcurrentCallbacks) {
            throw new IllegalArgumentException(
                    "ingress.max-callbacks-in-progress must be at least ingress.max-concurrent-callbacks");
        }
        TopicSettings.requireValid("ingress", topicPartitions, topicReplicas, topicMinInsyncReplicas);
    }

    @Override
    public String serviceName() {
        return "ingress";
    }

    private static void requirePositive(Duration d, String name) {
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }
}
