package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.event.NotificationUnsettled;
import io.paypipe.core.event.PaymentNotified;
import io.paypipe.core.event.PaymentState;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.money.Money;
import io.paypipe.core.raw.RawOutcome;
import io.paypipe.core.topic.Topics;
import io.paypipe.reconcile.config.ReconcileProperties;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.ReadOnlyWindowStore;

/**
 * Fixture: the watch topology in a {@link TopologyTestDriver} whose wall clock starts at
 * {@link #START}, with its topics, and factories of notifications and settlements.
 */
final class WatchDriver implements AutoCloseable {

    static final Instant START = Instant.parse("2026-11-30T10:00:00Z");

    static final Duration SETTLE_WITHIN = Duration.ofMinutes(10);

    static final Duration SCAN_INTERVAL = Duration.ofSeconds(10);

    static final Duration REMEMBER_FOR = Duration.ofHours(1);

    final TopologyTestDriver driver;

    final TestInputTopic<String, PaymentNotified> notify;

    final TestInputTopic<String, NotificationSettled> settled;

    final TestOutputTopic<String, NotificationUnsettled> unsettled;

    private Instant now = START;

    WatchDriver(Path stateDir) {
        var settings = new ReconcileProperties.Watch("watch-test", SETTLE_WITHIN, SCAN_INTERVAL, REMEMBER_FOR,
                Duration.ofMinutes(1), Duration.ofDays(1), Duration.ofMillis(100), stateDir);
        StreamsBuilder builder = new StreamsBuilder();
        new WatchTopology(settings).build(builder);
        Properties config = new Properties();
        config.put(StreamsConfig.APPLICATION_ID_CONFIG, settings.applicationId());
        config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        config.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(builder.build(), config, START);
        notify = driver.createInputTopic(Topics.PAYMENT_NOTIFY.name(), new StringSerializer(),
                Topics.PAYMENT_NOTIFY.valueSerializer());
        settled = driver.createInputTopic(Topics.PAYMENT_SETTLED.name(), new StringSerializer(),
                Topics.PAYMENT_SETTLED.valueSerializer());
        unsettled = driver.createOutputTopic(Topics.PAYMENT_UNSETTLED.name(), new StringDeserializer(),
                Topics.PAYMENT_UNSETTLED.valueDeserializer());
    }

    static OrderKey order(String merchant, String outTradeNo) {
        return new OrderKey(TenantId.of("shop"), MerchantId.of(merchant), OutTradeNo.of(outTradeNo));
    }

    /** A paid notification of raw row {@code rawId}, received at {@code at}. */
    static PaymentNotified notification(long rawId, Channel channel, OrderKey key, Instant at) {
        return new PaymentNotified(PaymentNotified.idFor(rawId), rawId, channel, key, null,
                ChannelTradeNo.of("T-" + rawId), PaymentState.SUCCEEDED, "SUCCESS", Money.of(100, "CNY"),
                Money.of(100, "CNY"), at, at);
    }

    /** The processor's settlement of {@code n}. */
    static NotificationSettled settlementOf(PaymentNotified n, RawOutcome outcome, Instant at) {
        return settlement(n.rawId(), n.channel(), n.orderKey(), outcome, at);
    }

    static NotificationSettled settlement(long rawId, Channel channel, OrderKey key, RawOutcome outcome, Instant at) {
        return new NotificationSettled(NotificationSettled.idFor(rawId, outcome), PaymentNotified.idFor(rawId), rawId,
                channel, key, outcome, at);
    }

    /** The driver's wall clock. */
    Instant now() {
        return now;
    }

    void pipe(PaymentNotified n) {
        notify.pipeInput(n.orderKey().kafkaKey(), n, now());
    }

    void pipe(NotificationSettled s) {
        settled.pipeInput(s.orderKey().kafkaKey(), s, now());
    }

    void advance(Duration by) {
        driver.advanceWallClockTime(by);
        now = now.plus(by);
    }

    ReadOnlyWindowStore<CountKey, Long> counts() {
        return driver.getWindowStore(WatchTopology.COUNTS_STORE);
    }

    @Override
    public void close() {
        driver.close();
    }

}
