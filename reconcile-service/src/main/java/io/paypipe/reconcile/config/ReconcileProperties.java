package io.paypipe.reconcile.config;

import io.paypipe.reconcile.bill.guard.GuardSettings;
import io.paypipe.support.ServiceSettings;
import io.paypipe.support.topic.TopicSettings;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything reconcile-service can be told. It is also the {@link ServiceSettings} of the
 * plumbing it shares with the other consuming services (service-support).
 *
 * @param publishTimeout how long to wait for the broker to confirm an event
 * ({@code payment.notify}, {@code payment.query*}, {@code order.closed},
 * {@code ops.alert})
 * @param topicPartitions partitions of the topics this service declares (the watchdog
 * needs {@code payment.notify} and {@code payment.settled} co-partitioned)
 * @param topicReplicas replicas of those topics (1 for the embedded broker, 3 in
 * production)
 * @param deadLetterRetryDelays how often a dead-letter handler tries again to store its
 * alert
 * @param concurrency consumer threads of the {@code order.created} listener and its retry
 * topics
 * @param merchantsFile the merchants file ({@code PAYMENT_MERCHANTS_FILE}) with the
 * outbound credentials the order queries and closes are signed with
 * @param merchantsReloadInterval how often the merchants file is read again: a changed
 * file that is valid takes effect without a restart (keys rotate), an invalid one is
 * refused with a MERCHANTS_FILE_INVALID alert and the previous one stays in use
 * ({@code MerchantsFileWatch}); zero: read at start only
 * @param channelCallTimeout bound on one order query or close at a channel: a call that
 * takes longer is Failed
 * @param connectTimeout bound on connecting to a channel (Alipay, Stripe)
 * @param wechatpay where WeChat Pay's API is ({@code reconcile.wechatpay.base-url})
 * @param alipay where Alipay's gateway is ({@code reconcile.alipay.gateway-url})
 * @param stripe where Stripe's API is ({@code reconcile.stripe.api-base})
 * @param query the active query of pending orders ({@code reconcile.query.*})
 * @param watch the Kafka Streams watchdog of notifications ({@code reconcile.watch.*})
 * @param outbox the sweep that publishes raw rows still unsettled again
 * ({@code reconcile.outbox.*})
 * @param status the thresholds of the morning numbers ({@code reconcile.status.*})
 * @param bill the daily bill reconciliation ({@code reconcile.bill.*})
 * @param topicMinInsyncReplicas {@code min.insync.replicas} of the topics this service
 * declares and of Kafka Streams' internal topics (1 for the embedded broker, 2 in
 * production); partitions, replicas and this are also the floor an existing topic is
 * checked against at start
 * @param retryConcurrency consumer threads per retry topic and per dead-letter topic:
 * they carry only the failures, and each idle consumer still polls the broker
 * @param retention the raw bodies' retention ({@code reconcile.retention.*})
 */
@ConfigurationProperties("reconcile")
public record ReconcileProperties(@DefaultValue("5s") Duration publishTimeout, @DefaultValue("6") int topicPartitions,
        @DefaultValue("1") short topicReplicas, @DefaultValue( {
                "1s", "5s", "30s" }) List<Duration> deadLetterRetryDelays,
        @DefaultValue("2") int concurrency, @DefaultValue("var/merchants.yaml") Path merchantsFile,
        @DefaultValue("10s") Duration merchantsReloadInterval, @DefaultValue("10s") Duration channelCallTimeout,
        @DefaultValue("3s") Duration connectTimeout, @DefaultValue WechatPay wechatpay, @DefaultValue Alipay alipay,
        @DefaultValue Stripe stripe, @DefaultValue QuerySettings query, @DefaultValue Watch watch,
        @DefaultValue Outbox outbox, @DefaultValue Status status, @DefaultValue Bill bill,
        @DefaultValue("1") short topicMinInsyncReplicas, @DefaultValue("1") int retryConcurrency,
        @DefaultValue Retention retention,
        @DefaultValue("30s") Duration metricsRefreshInterval) implements ServiceSettings{

    public ReconcileProperties {
        retention = (retention != null) ? retention : Retention.DEFAULTS;
        if (!channelCallTimeout.isPositive() || !connectTimeout.isPositive()) {
            throw new IllegalArgumentException(
                    "reconcile.channel-call-timeout and reconcile.connect-timeout must be positive");
        }
        TopicSettings.requireValid("reconcile", topicPartitions, topicReplicas, topicMinInsyncReplicas);
        ServiceSettings.requireConcurrency("reconcile", concurrency, retryConcurrency);
    }

    @Override
    public String serviceName() {
        return "reconcile";
    }

    /**
     * @param baseUrl scheme, host and port of WeChat Pay's API (the sandbox locally)
     */
    public record WechatPay(@DefaultValue("http://127.0.0.1:8090") URI baseUrl) {
    }

    /**
     * @param gatewayUrl Alipay's openapi gateway (the sandbox's locally)
     */
    public record Alipay(@DefaultValue("http://127.0.0.1:8090/sandbox/alipay/gateway.do") String gatewayUrl) {
    }

    /**
     * @param apiBase Stripe's API base (the sandbox's locally)
     * @param currency the settlement currency of the Stripe accounts (ISO 4217): the
     * currency their balance summary report is in, and an empty day's zero totals
     */
    public record Stripe(@DefaultValue("http://127.0.0.1:8090/sandbox/stripe") String apiBase,
            @DefaultValue("USD") String currency) {
    }

    /**
     * The active query: every order is queried at its channel while it is pending, on
     * delayed topics (one per distinct delay of the ladders below), then closed at its
     * channel after its expiry. Per-merchant overrides under
     * {@code reconcile.query.merchants.<merchant id>.*} (the order's merchant, else its
     * service provider).
     *
     * @param firstQueryAfter how long after its creation an order is first queried
     * @param backoff the delays between two queries that found the order waiting (or not
     * found), the last one repeating until the expiry
     * @param expiry after this (from the order's creation) an order still waiting is
     * closed at its channel and locally; one never found goes to a person
     * @param rate queries and closes per second at most, per calling merchant account
     * @param errorBackoff the delays before the same query (or close) is tried again
     * after a rate-limited or failed answer, the last one repeating
     * @param undecidedAfter a query still failing this long past the expiry gives up: the
     * chain goes to a person (QUERY_UNDECIDED)
     * @param closeAttempts close calls before a close that keeps failing goes to a person
     * (ORDER_CLOSE_FAILED)
     * @param orderRetryDelays how long an {@code order.created} waits, level by level,
     * for the processor to store its order ({@code order.created-retry-<i>}), then its
     * dead-letter topic
     * @param pollTimeout how long a delayed topic's consumer waits in one poll: a paused
     * partition is resumed at most this late
     * @param maxPollRecords records one poll of a delayed topic hands over (each may call
     * a channel)
     * @param handlingRetry how long a record whose handling failed (database, broker)
     * waits before it is handled again, in place
     * @param merchants per-merchant overrides
     * @param consume false: this instance neither starts query chains nor handles due
     * queries (its consumers of {@code order.created} and the delayed topics do not
     * start); tests of other parts use it
     * @param orderBatch how {@code order.created} is read
     * ({@code reconcile.query.order-batch.*})
     */
    public record QuerySettings(@DefaultValue("3m") Duration firstQueryAfter, @DefaultValue( {
            "30s", "1m", "5m", "15m", "30m", "1h" }) List<Duration> backoff, @DefaultValue("2h") Duration expiry,
            @DefaultValue("10") int rate,
            @DefaultValue({ "30s", "1m", "5m", "15m", "30m" }) List<Duration> errorBackoff,
            @DefaultValue("30m") Duration undecidedAfter, @DefaultValue("5") int closeAttempts,
            @DefaultValue({ "1s", "5s", "30s", "2m", "10m" }) List<Duration> orderRetryDelays,
            @DefaultValue("1s") Duration pollTimeout, @DefaultValue("20") int maxPollRecords,
            @DefaultValue("5s") Duration handlingRetry, Map<String, MerchantQuery> merchants,
            @DefaultValue("true") boolean consume, @DefaultValue OrderBatch orderBatch){

        public QuerySettings {
            merchants = merchants == null ? Map.of() : Map.copyOf(merchants);
            orderBatch = orderBatch == null ? new OrderBatch(true, 500, Duration.ofSeconds(1)) : orderBatch;
            requirePositive("reconcile.query.backoff", backoff);
            requirePositive("reconcile.query.error-backoff", errorBackoff);
            requirePositive("reconcile.query.order-retry-delays", orderRetryDelays);
            requirePositive("reconcile.query.first-query-after", List.of(firstQueryAfter));
            requirePositive("reconcile.query.expiry", List.of(expiry));
            if (rate < 1 || closeAttempts < 1 || maxPollRecords < 1) {
                throw new IllegalArgumentException(
                        "reconcile.query.rate, close-attempts and max-poll-records must be at least 1");
            }
            if (undecidedAfter.isNegative() || !pollTimeout.isPositive() || !handlingRetry.isPositive()) {
                throw new IllegalArgumentException(
                        "reconcile.query.undecided-after must not be negative, poll-timeout and handling-retry positive");
            }
            merchants.forEach((id, m) -> m.check("reconcile.query.merchants." + id));
        }

        static void requirePositive(String key, List<Duration> delays) {
            if (delays.isEmpty() || delays.stream().anyMatch(d -> d == null || !d.isPositive())) {
                throw new IllegalArgumentException(key + " needs at least one delay, each positive");
            }
        }

    }

    /**
     * How {@code order.created} is read: in batches (the records of one poll, their
     * chains stored with a few statements and their first queries published together), or
     * with {@code enabled=false} one record at a time as before (the comparison the
     * benchmark makes). Either way an order not stored yet goes to the retry topics.
     *
     * @param enabled the batch listener reads the main topic
     * @param maxRecords records one poll hands the batch listener at most
     * @param awaitOrders how long a batch waits, in place, for orders the processor has
     * not stored yet (it reads the same {@code order.created} at the same time) before
     * the first of them goes to the retry topics; zero: at once
     */
    public record OrderBatch(@DefaultValue("true") boolean enabled, @DefaultValue("500") int maxRecords,
            @DefaultValue("1s") Duration awaitOrders) {

        public OrderBatch {
            if (maxRecords < 1 || awaitOrders == null || awaitOrders.isNegative()) {
                throw new IllegalArgumentException("reconcile.query.order-batch.max-records must be at least 1 and"
                        + " await-orders not negative");
            }
        }

    }

    /**
     * One merchant's overrides of the query settings; what is not given is the default.
     */
    public record MerchantQuery(Duration firstQueryAfter, List<Duration> backoff, Duration expiry, Integer rate) {

        void check(String key) {
            if (firstQueryAfter != null) {
                QuerySettings.requirePositive(key + ".first-query-after", List.of(firstQueryAfter));
            }
            if (backoff != null) {
                QuerySettings.requirePositive(key + ".backoff", backoff);
            }
            if (expiry != null) {
                QuerySettings.requirePositive(key + ".expiry", List.of(expiry));
            }
            if (rate != null && rate < 1) {
                throw new IllegalArgumentException(key + ".rate must be at least 1");
            }
        }

    }

    /**
     * The watchdog: every notification on {@code payment.notify} must meet its settlement
     * on {@code payment.settled}; and the settlement counts per minute.
     *
     * @param applicationId the Kafka Streams application id (consumer group, prefix of
     * its internal topics)
     * @param settleWithin a notification without a settlement this long after the
     * watchdog saw it is reported on {@code payment.unsettled} (one
     * NOTIFICATION_UNSETTLED alert)
     * @param scanInterval how often (wall clock) the deadlines are checked: an alert
     * comes at most this late
     * @param rememberFor how long a settled or alerted notification is remembered, so
     * that a duplicate notification, or a settlement read before its notification,
     * changes nothing
     * @param countsGrace how late (stream time) a settlement may arrive and still be
     * counted in its minute
     * @param countsRetention how long the per-minute counts are kept (and can be queried)
     * @param commitInterval Kafka Streams' commit interval
     * @param stateDir where Kafka Streams keeps its local state (a cache of its changelog
     * topics)
     */
    public record Watch(@DefaultValue("paypipe-reconcile-watch") String applicationId,
            @DefaultValue("10m") Duration settleWithin, @DefaultValue("10s") Duration scanInterval,
            @DefaultValue("1h") Duration rememberFor, @DefaultValue("1m") Duration countsGrace,
            @DefaultValue("1d") Duration countsRetention, @DefaultValue("1s") Duration commitInterval, Path stateDir) {

        public Watch {
            if (stateDir == null) {
                stateDir = Path.of(System.getProperty("java.io.tmpdir"), "paypipe-reconcile-watch");
            }
            if (countsRetention.compareTo(Duration.ofMinutes(1).plus(countsGrace)) < 0) {
                throw new IllegalArgumentException(
                        "reconcile.watch.counts-retention must be at least one minute plus counts-grace");
            }
        }

    }

    /**
     * The raw tables as an outbox.
     *
     * @param interval how often the sweep runs (the first time one interval after the
     * start)
     * @param republishAfter a {@code pay_notify_raw} row at handled=0 whose last activity
     * (stored, delivered again by the channel, published again by the sweep) is older
     * than this is published again
     * @param alertAfter a raw row ({@code pay_notify_raw} or {@code pay_refund_raw})
     * still at handled=0 this long after it was stored raises one RAW_NOT_PUBLISHED alert
     * @param batchSize at most this many rows per sweep for each of its queries (rows to
     * publish again, payment rows to alert about, refund rows to alert about)
     */
    public record Outbox(@DefaultValue("1m") Duration interval, @DefaultValue("10m") Duration republishAfter,
            @DefaultValue("1h") Duration alertAfter, @DefaultValue("500") int batchSize) {

        public Outbox {
            if (!interval.isPositive() || !republishAfter.isPositive()) {
                throw new IllegalArgumentException("reconcile.outbox.interval and republish-after must be positive");
            }
            if (alertAfter.compareTo(republishAfter) < 0) {
                throw new IllegalArgumentException(
                        "reconcile.outbox.alert-after must not be shorter than reconcile.outbox.republish-after");
            }
            if (batchSize < 1) {
                throw new IllegalArgumentException("reconcile.outbox.batch-size must be at least 1");
            }
        }
    }

    /**
     * The raw bodies' retention: the {@code raw_body} of a settled raw row (handled=1)
     * stored longer than {@code after} ago is moved to its archive table, in short
     * batches; the row and its unique key stay.
     *
     * @param enabled false: no run is scheduled
     * @param interval how often a run starts (the first one interval after the start; a
     * run starts only after the previous one ended)
     * @param after a settled row's body is archived once the row was stored
     * ({@code created_at}) longer ago than this
     * @param lookback how far before {@code after} a run looks: a row settled (from the
     * manual queue) more than this after its age keeps its body
     * @param batchSize rows per batch (one short transaction)
     * @param pause the wait between two batches, so the hot path gets the database
     */
    public record Retention(@DefaultValue("true") boolean enabled, @DefaultValue("1h") Duration interval,
            @DefaultValue("7d") Duration after, @DefaultValue("30d") Duration lookback,
            @DefaultValue("500") int batchSize, @DefaultValue("200ms") Duration pause) {

        static final Retention DEFAULTS = new Retention(true, Duration.ofHours(1), Duration.ofDays(7),
                Duration.ofDays(30), 500, Duration.ofMillis(200));

        public Retention {
            if (!interval.isPositive() || !after.isPositive() || !lookback.isPositive() || pause.isNegative()) {
                throw new IllegalArgumentException(
                        "reconcile.retention.interval, after and lookback must be" + " positive, pause not negative");
            }
            if (batchSize < 1 || batchSize > 5000) {
                throw new IllegalArgumentException("reconcile.retention.batch-size must be 1 to 5000");
            }
        }

    }

    /**
     * The morning numbers' thresholds (orders use {@code reconcile.query.expiry}).
     *
     * @param unsettledAfter raw rows at handled=0 stored longer ago are counted
     * @param setAsideAfter raw rows at handled=2 set aside longer ago (and not touched
     * since) are counted
     */
    public record Status(@DefaultValue("10m") Duration unsettledAfter, @DefaultValue("24h") Duration setAsideAfter) {
    }

    /**
     * The daily bill reconciliation (issue 14): each channel's bill of a merchant's day
     * is read into {@code recon_bill_line}, judged by the guards, then compared with the
     * ledger and refunds.
     *
     * @param guards the guards' thresholds
     * @param staleAfter a batch still RUNNING this long after it started counts as dead:
     * the next run of its day blocks it (reason FAILED) and takes the next run number
     * @param insertBatchSize bill lines per batched INSERT into {@code recon_bill_line}
     * @param schedule the daily runs (T+1 and T+3)
     * @param feeRates the fee a channel charges by default, by channel code
     * ({@code wechatpay}, {@code alipay}, {@code stripe}); a channel not given keeps the
     * default (the sandbox's: 0.6 % for the CN channels, 2.9 % + 30 minor units for
     * Stripe)
     * @param merchantFeeRates a merchant's own rate, by merchant id, over its channel's
     * @param feeToleranceMinor how far (minor units) a line's fee may be from the
     * expected fee before it is a FEE difference
     * @param diffSweep how often the OPEN "channel only" payment differences are checked
     * against the ledger (a payment that landed resolves its difference)
     * @param downloadTimeout bound on a bill's request and on the wait for its download
     * to start (WeChat hashes, Alipay zips a whole day before the first byte: seconds for
     * a million rows) and on a Stripe report run's wait
     * @param reportPoll how often a pending Stripe report run is read again
     * @param currentDayAllowed accept runs of today (the day not over yet in the
     * channel's zone), which no real channel has a bill of: only against the sandbox
     * serving today's bills ({@code sandbox.bills.current-day-billed}), for the demo and
     * the end-to-end tests
     */
    public record Bill(@DefaultValue Guards guards, @DefaultValue("1h") Duration staleAfter,
            @DefaultValue("1000") int insertBatchSize, @DefaultValue Schedule schedule, Map<String, FeeRate> feeRates,
            Map<String, FeeRate> merchantFeeRates, @DefaultValue("0") long feeToleranceMinor,
            @DefaultValue("30s") Duration diffSweep, @DefaultValue("60s") Duration downloadTimeout,
            @DefaultValue("1s") Duration reportPoll, @DefaultValue("false") boolean currentDayAllowed) {

        /** The default rates by channel code: what the sandbox charges. */
        public static final Map<String, FeeRate> DEFAULT_FEE_RATES = Map.of("wechatpay",
                new FeeRate(new BigDecimal("0.006"), 0), "alipay", new FeeRate(new BigDecimal("0.006"), 0), "stripe",
                new FeeRate(new BigDecimal("0.029"), 30));

        public Bill {
            guards = (guards != null) ? guards : new Guards(null, null);
            schedule = (schedule != null) ? schedule : new Schedule(false, null);
            staleAfter = (staleAfter != null) ? staleAfter : Duration.ofHours(1);
            diffSweep = (diffSweep != null) ? diffSweep : Duration.ofSeconds(30);
            downloadTimeout = (downloadTimeout != null) ? downloadTimeout : Duration.ofSeconds(60);
            reportPoll = (reportPoll != null) ? reportPoll : Duration.ofSeconds(1);
            Map<String, FeeRate> rates = new HashMap<>(DEFAULT_FEE_RATES);
            if (feeRates != null) {
                rates.putAll(feeRates);
            }
            feeRates = Map.copyOf(rates);
            merchantFeeRates = (merchantFeeRates != null) ? Map.copyOf(merchantFeeRates) : Map.of();
            if (!staleAfter.isPositive() || !diffSweep.isPositive() || !downloadTimeout.isPositive()
                    || !reportPoll.isPositive() || insertBatchSize < 1 || feeToleranceMinor < 0) {
                throw new IllegalArgumentException("reconcile.bill.stale-after, diff-sweep, download-timeout and "
                        + "report-poll must be positive, insert-batch-size at least 1, fee-tolerance-minor not negative");
            }
        }

        /**
         * The fee rate of a merchant's lines: its own, else its channel's (every channel
         * has one).
         */
        public FeeRate feeRate(String channelCode, String merchantId) {
            FeeRate own = merchantFeeRates.get(merchantId);
            return (own != null) ? own : feeRates.get(channelCode);
        }

    }

    /**
     * The guards' thresholds ({@code reconcile.bill.guards.*}).
     *
     * @param dropShare a day with fewer lines than this share of the comparable day's
     * (same weekday a week before, else the day before) is blocked unless a person
     * confirms it (0.10 when not set)
     * @param wrongDayGrace how far outside its day a line may be and still count as the
     * day's (10 minutes when not set)
     */
    public record Guards(BigDecimal dropShare, Duration wrongDayGrace) {

        public GuardSettings settings() {
            return new GuardSettings(dropShare, wrongDayGrace);
        }

    }

    /**
     * The daily runs ({@code reconcile.bill.schedule.*}): at {@code runAt} in each
     * channel's zone, T+1 of the day before and T+3 of three days before, for every
     * merchant of the merchants file (each sub-merchant of a service provider).
     *
     * @param enabled false: nothing runs by itself (the launcher turns it on)
     * @param runAt the local time in the channel's zone (10:30 when not set: WeChat has
     * the day's bill from 09:00 Beijing time, with margin)
     */
    public record Schedule(@DefaultValue("false") boolean enabled, LocalTime runAt) {

        public Schedule {
            runAt = (runAt != null) ? runAt : LocalTime.of(10, 30);
        }

    }

    /**
     * A fee rate: {@code HALF_UP(amount * rate) + fixedMinor}, in the line's minor units.
     */
    public record FeeRate(BigDecimal rate, long fixedMinor) {

        public FeeRate {
            if (rate == null || rate.signum() < 0 || rate.compareTo(BigDecimal.ONE) >= 0 || fixedMinor < 0) {
                throw new IllegalArgumentException("a fee rate needs a rate in [0, 1) and a fixed part not negative: "
                        + rate + " + " + fixedMinor);
            }
        }

    }

}
