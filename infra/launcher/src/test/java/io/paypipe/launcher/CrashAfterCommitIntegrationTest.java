package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.OrderPaid;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The processor dies right after its database commit, before it published OrderPaid and
 * before the offset commit. After a restart the record is delivered again: the order
 * stays paid once, OrderPaid reaches the consumers with the event id the payment always
 * had, and the warehouse ships once.
 */
class CrashAfterCommitIntegrationTest {

    /**
     * Short sessions, so the group notices the dead processor within seconds instead of
     * 45.
     */
    private static final List<String> SHORT_SESSION = List.of(
            "--spring.kafka.consumer.properties.session.timeout.ms=6000",
            "--spring.kafka.consumer.properties.heartbeat.interval.ms=1000");

    @Test
    void crashBetweenDatabaseCommitAndOffsetCommitStillPaysOnceAndShipsOnce() {
        LocalPipeline.Settings settings = settings();
        for (String arg : SHORT_SESSION) {
            String[] kv = arg.substring(2).split("=", 2);
            settings = settings.withExtra(PipelineService.PROCESSOR, kv[0], kv[1]);
        }
        String outTradeNo = newOutTradeNo();
        try (var pipeline = LocalPipeline.start(settings,
                EnumSet.of(PipelineService.SANDBOX, PipelineService.INGRESS, PipelineService.DOWNSTREAM));
                var doomed = ForkedProcessor.start(settings, List.of("--processor.halt-after-commit=true"))) {
            JdbcClient jdbc = jdbc(pipeline, PipelineService.INGRESS);

            // Given a pending order, stored by a processor that will halt after its next
            // database commit
            orders(pipeline).create(firstMerchant(pipeline), outTradeNo, 9_900);
            await().atMost(Duration.ofSeconds(60)).until(() -> status(jdbc, outTradeNo).equals("PENDING"));

            // When WeChat notifies the payment
            payments(pipeline).pay(firstMerchant(pipeline), outTradeNo, 9_900, null, 1);

            // Then the processor commits and dies before telling anyone
            await().atMost(Duration.ofSeconds(60)).until(() -> !doomed.isAlive());
            assertThat(doomed.exitValue()).as(doomed.tail()).isEqualTo(86);
            assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 0, 0));

            // When a processor starts again
            pipeline.start(PipelineService.PROCESSOR);

            // Then the redelivered record publishes OrderPaid once more, with the
            // payment's own event id,
            // and every effect exists exactly once
            await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
            List<OrderPaid> published = orderPaidFor(outTradeNo);
            // exactly once: the halted processor never published it, the new one did on
            // the redelivery
            assertThat(published).hasSize(1);
            assertThat(published.getFirst().eventId())
                .isEqualTo(OrderPaid.idFor(published.getFirst().channel(), published.getFirst().channelTradeNo()));
            assertThat(jdbc.sql("SELECT event_id FROM shipment WHERE out_trade_no = :o")
                .param("o", outTradeNo)
                .query(String.class)
                .single()).isEqualTo(published.getFirst().eventId().value());
        }
    }

    private static List<OrderPaid> orderPaidFor(String outTradeNo) {
        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers(),
                        ConsumerConfig.GROUP_ID_CONFIG, "probe-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                Topics.ORDER_PAID.keyDeserializer(), Topics.ORDER_PAID.valueDeserializer())) {
            consumer.subscribe(List.of(Topics.ORDER_PAID.name()));
            List<OrderPaid> found = new java.util.ArrayList<>();
            long until = System.currentTimeMillis() + 3_000;
            while (System.currentTimeMillis() < until) {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    if (r.value().orderKey().outTradeNo().value().equals(outTradeNo)) {
                        found.add(r.value());
                    }
                });
            }
            return found;
        }
    }

}
