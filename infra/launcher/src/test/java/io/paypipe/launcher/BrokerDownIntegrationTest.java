package io.paypipe.launcher;

import static io.paypipe.launcher.PipelineFixture.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.embedded.EmbeddedKafkaBroker;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The broker goes down under ingress: the callback gets WeChat's fail ack and the raw row
 * stays at handled=0; the sandbox re-pushes on WeChat's schedule, and once the broker is
 * back the payment completes, once. This test has a broker of its own, so stopping it
 * harms no other test.
 */
class BrokerDownIntegrationTest {

    @Test
    void callbackWhileTheBrokerIsDownFailsAndTheRepushCompletesThePaymentOnce(@TempDir Path dir) throws Exception {
        try (var broker = EmbeddedKafkaBroker.start(Files.createDirectories(dir.resolve("kafka")))) {
            // 50x compression: WeChat's 15 s, 15 s, 30 s, 3 min re-pushes come after 0.3,
            // 0.3, 0.6, 3.6 s
            LocalPipeline.Settings settings = settings(broker.bootstrapServers(), 50).withExtra(PipelineService.INGRESS,
                    "ingress.publish-timeout", "1s");
            try (var pipeline = LocalPipeline.start(settings, EnumSet.of(PipelineService.SANDBOX,
                    PipelineService.PROCESSOR, PipelineService.INGRESS, PipelineService.DOWNSTREAM))) {
                JdbcClient jdbc = jdbc(pipeline, PipelineService.INGRESS);
                String outTradeNo = newOutTradeNo();
                givenPendingOrder(pipeline, jdbc, outTradeNo, 2_000);

                // Given the broker is down
                broker.stop();

                // When WeChat notifies the payment
                WechatPayPayments.Payment payment = payments(pipeline).pay(firstMerchant(pipeline), outTradeNo, 2_000,
                        null, 1);

                // Then the first delivery gets the fail ack while the raw row is kept at
                // handled=0
                await().atMost(PIPELINE_WAIT)
                    .untilAsserted(() -> assertThat(attemptStatuses(pipeline, payment)).isNotEmpty());
                assertThat(attemptStatuses(pipeline, payment).getFirst()).isEqualTo(503);
                assertThat(handled(jdbc, outTradeNo)).isZero();
                assertThat(status(jdbc, outTradeNo)).isEqualTo("PENDING");

                // When the broker is back
                broker.restart();

                // Then a re-push is acknowledged and the payment completes exactly once
                NotificationPusher.Delivery delivery = payment.deliveries().getFirst().get();
                assertThat(delivery.status()).isEqualTo(NotificationPusher.Status.DELIVERED);
                assertThat(delivery.attemptCount()).isGreaterThan(1);
                await().atMost(PIPELINE_WAIT)
                    .untilAsserted(
                            () -> assertThat(counts(jdbc, outTradeNo)).isEqualTo(new DemoCounts(1, 1, 1, 1, 1, 1)));
                assertThat(handled(jdbc, outTradeNo)).isEqualTo(1);
            }
        }
    }

    private static java.util.List<Integer> attemptStatuses(LocalPipeline pipeline, WechatPayPayments.Payment payment) {
        return pipeline.bean(PipelineService.SANDBOX, NotificationPusher.class)
            .deliveries(payment.notification().id())
            .getFirst()
            .attempts()
            .stream()
            .map(NotificationPusher.Attempt::httpStatus)
            .toList();
    }

    private static int handled(JdbcClient jdbc, String outTradeNo) {
        return jdbc.sql("SELECT handled FROM pay_notify_raw WHERE out_trade_no = :o")
            .param("o", outTradeNo)
            .query(Integer.class)
            .single();
    }

}
