package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.APP_A;
import static io.paypipe.ingress.alipay.AlipayFixtures.ISV;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOTIFICATIONS;
import static io.paypipe.ingress.alipay.AlipayFixtures.TENANT;
import static io.paypipe.ingress.alipay.AlipayFixtures.newOutTradeNo;
import static io.paypipe.ingress.alipay.AlipayFixtures.paid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.event.PaymentQueryDue;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.EventId;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.ingress.callback.NotifyTopic;
import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.TestPropertySource;

/**
 * Issue 13: an Alipay notification whose signature fails is never trusted (fail ack,
 * nothing stored), but if it names a stored PENDING order its order is queried early: one
 * {@link PaymentQueryDue} (UNVERIFIED_CALLBACK) on {@code payment.query}, within the
 * per-order and per-merchant limits (here 3 per merchant and minute).
 */
@TestPropertySource(properties = "ingress.unverified-query.per-merchant=3")
@ExtendWith(OutputCaptureExtension.class)
class AlipayUnverifiedCallbackIntegrationTest extends AlipayCallbackIntegrationSupport {

    private static final String SUB_MERCHANT = "2021000300000001";

    private static NotifyTopic<PaymentQueryDue> queries;

    @BeforeAll
    static void openQueryTopic() {
        TestInfra.get().broker().createTopics(List.of(Topics.PAYMENT_QUERY.name()), Topics.DEFAULT_PARTITIONS);
        queries = new NotifyTopic<>(Topics.PAYMENT_QUERY, TestInfra.get().bootstrapServers());
    }

    @AfterAll
    static void closeQueryTopic() {
        queries.close();
    }

    @Test
    void aBadSignatureNamingAPendingOrderSchedulesOneQueryAndKeepsTheFailAck(CapturedOutput output) throws Exception {
        // Given a pending order of app A
        String out = newOutTradeNo();
        insertOrder(TENANT, APP_A.appId(), null, out, "alipay", 100, "CNY", "PENDING");
        String key = TENANT + "|" + APP_A.appId() + "|" + out;

        // When its payment arrives signed by a key we do not have (a rotation we missed)
        AlipayNotification n = NOTIFICATIONS.signedByAnotherKey(paid(out, 100));
        HttpResponse<String> response = post(n.body());

        // Then the answer is the fail ack of any bad signature, and nothing is stored
        assertSameFailAckAsForAnUnknownOrder(response);
        assertNothingStored(out);
        assertThat(payments.recordsFor(key)).isEmpty();
        // and one query of the order is due now
        ConsumerRecord<String, PaymentQueryDue> record = await().atMost(Duration.ofSeconds(15))
            .until(() -> queries.recordsFor(key), r -> r.size() == 1)
            .getFirst();
        assertThat(record.value()).satisfies(q -> {
            assertThat(q.reason()).isEqualTo(PaymentQueryDue.Reason.UNVERIFIED_CALLBACK);
            assertThat(q.attempt()).isZero();
            assertThat(q.channel()).isEqualTo(Channel.ALIPAY);
            assertThat(q.orderKey().kafkaKey()).isEqualTo(key);
            assertThat(q.spMerchantId()).isNull();
            assertThat(Duration.between(q.dueAt(), q.expiresAt())).isEqualTo(Duration.ofHours(2));
            assertThat(q.eventId()).isEqualTo(EventId.derived("payment.query", "unverified-callback", APP_A.appId(),
                    out, Long.toString(q.dueAt().getEpochSecond() / 300)));
        });
        // and one WARN line names the merchant and the order number, nothing of the body
        assertThat(output.getAll())
            .contains("alipay callback with a bad signature names pending order merchant=" + APP_A.appId()
                    + " out_trade_no=" + out + ": early query " + record.value().eventId() + " scheduled")
            .doesNotContain(n.sign().substring(0, 24))
            .doesNotContain(n.param("buyer_id"));
    }

    @Test
    void fiftyBadSignaturesForOnePendingOrderScheduleOneQuery() throws Exception {
        // Given a pending order of app A
        String out = newOutTradeNo();
        insertOrder(TENANT, APP_A.appId(), null, out, "alipay", 300, "CNY", "PENDING");
        String key = TENANT + "|" + APP_A.appId() + "|" + out;

        // When 50 notifications for it with bad signatures arrive
        for (int i = 0; i < 50; i++) {
            AlipayNotification n = i % 2 == 0 ? NOTIFICATIONS.signedByAnotherKey(paid(out, 300))
                    : NOTIFICATIONS.tamperedBody(paid(out, 300));
            assertSameFailAckAsForAnUnknownOrder(post(n.body()));
        }

        // Then one query was scheduled (1 per order and 5 minutes), and no more come
        await().atMost(Duration.ofSeconds(15)).until(() -> queries.recordsFor(key).size() == 1);
        await().during(Duration.ofSeconds(2))
            .atMost(Duration.ofSeconds(6))
            .untilAsserted(() -> assertThat(queries.recordsFor(key)).hasSize(1));
        assertNothingStored(out);
    }

    @Test
    void oneMerchantsOrdersGetNoMoreQueriesThanItsLimit() throws Exception {
        // Given five pending orders of a sub-merchant of the service provider
        List<String> outs = List.of(newOutTradeNo(), newOutTradeNo(), newOutTradeNo(), newOutTradeNo(),
                newOutTradeNo());
        outs.forEach(out -> insertOrder(TENANT, SUB_MERCHANT, ISV.appId(), out, "alipay", 200, "CNY", "PENDING"));

        // When a bad signature names each of them
        for (String out : outs) {
            AlipayNotification n = NOTIFICATIONS
                .signedByAnotherKey(AlipayTrade.paid(ISV, SUB_MERCHANT, out, NOTIFICATIONS.newTradeNo(), 200));
            assertSameFailAckAsForAnUnknownOrder(post(n.body()));
        }

        // Then three of them (the merchant's limit) are queried, under the service
        // provider the order names
        await().atMost(Duration.ofSeconds(15)).until(() -> queriesOf(SUB_MERCHANT, outs).size() == 3);
        await().during(Duration.ofSeconds(2))
            .atMost(Duration.ofSeconds(6))
            .untilAsserted(() -> assertThat(queriesOf(SUB_MERCHANT, outs)).hasSize(3));
        assertThat(queriesOf(SUB_MERCHANT, outs))
            .allSatisfy(q -> assertThat(q.spMerchantId()).isEqualTo(MerchantId.of(ISV.appId())));
    }

    @Test
    void anUnknownOrderOrAPaidOrderSchedulesNoQuery() throws Exception {
        // Given an order number nobody stored, and a paid order of app A
        String unknown = newOutTradeNo();
        String paidOut = newOutTradeNo();
        insertOrder(TENANT, APP_A.appId(), null, paidOut, "alipay", 500, "CNY", "PAID");

        // When bad signatures name them
        assertSameFailAckAsForAnUnknownOrder(post(NOTIFICATIONS.signedByAnotherKey(paid(unknown, 500)).body()));
        assertSameFailAckAsForAnUnknownOrder(post(NOTIFICATIONS.signedByAnotherKey(paid(paidOut, 500)).body()));

        // Then neither is queried
        await().during(Duration.ofSeconds(2))
            .atMost(Duration.ofSeconds(6))
            .untilAsserted(() -> assertThat(queriesOf(APP_A.appId(), List.of(unknown, paidOut))).isEmpty());
    }

    @Test
    void aQueryTheBrokerRefusesIsLoggedAtWarnAndTheFailAckIsUnchanged(CapturedOutput output) throws Exception {
        // Given payment.query takes no record as large as a query, and a pending order
        String out = newOutTradeNo();
        insertOrder(TENANT, APP_A.appId(), null, out, "alipay", 700, "CNY", "PENDING");
        try (Admin admin = Admin
            .create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, TestInfra.get().bootstrapServers()))) {
            maxMessageBytes(admin, "64");
            try {
                // When a bad signature names the order
                HttpResponse<String> response = post(NOTIFICATIONS.signedByAnotherKey(paid(out, 700)).body());

                // Then its answer is the usual fail ack, and a WARN line says the query
                // was not scheduled
                assertSameFailAckAsForAnUnknownOrder(response);
                await().atMost(Duration.ofSeconds(15))
                    .untilAsserted(() -> assertThat(output.getAll())
                        .contains("names pending order merchant=" + APP_A.appId() + " out_trade_no=" + out
                                + ": early query ")
                        .contains("not scheduled: KafkaProducerException <- RecordTooLargeException"));
            }
            finally {
                maxMessageBytes(admin, null);
            }
        }
        assertThat(queries.recordsFor(TENANT + "|" + APP_A.appId() + "|" + out)).isEmpty();
    }

    /** Sets (or, null, removes) payment.query's max.message.bytes and waits for it. */
    private static void maxMessageBytes(Admin admin, String bytes) throws Exception {
        ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, Topics.PAYMENT_QUERY.name());
        AlterConfigOp op = bytes == null
                ? new AlterConfigOp(new ConfigEntry("max.message.bytes", ""), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry("max.message.bytes", bytes), AlterConfigOp.OpType.SET);
        admin.incrementalAlterConfigs(Map.of(topic, List.of(op))).all().get(10, TimeUnit.SECONDS);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            ConfigEntry entry = admin.describeConfigs(List.of(topic))
                .all()
                .get(10, TimeUnit.SECONDS)
                .get(topic)
                .get("max.message.bytes");
            if (bytes == null) {
                assertThat(entry.source()).isNotEqualTo(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG);
            }
            else {
                assertThat(entry.value()).isEqualTo(bytes);
            }
        });
    }

    private List<PaymentQueryDue> queriesOf(String merchant, List<String> outs) {
        return outs.stream()
            .flatMap(out -> queries.recordsFor(TENANT + "|" + merchant + "|" + out).stream())
            .map(ConsumerRecord::value)
            .toList();
    }

    /**
     * The answer to a bad signature naming an order nobody stored: what every bad
     * signature gets, whatever became of its query.
     */
    private void assertSameFailAckAsForAnUnknownOrder(HttpResponse<String> response) throws Exception {
        HttpResponse<String> reference = post(NOTIFICATIONS.signedByAnotherKey(paid(newOutTradeNo(), 100)).body());
        assertIsFailAck(response);
        assertThat(response.statusCode()).isEqualTo(reference.statusCode()).isEqualTo(401);
        assertThat(response.body()).isEqualTo(reference.body());
        assertThat(response.headers().firstValue("Content-Type"))
            .isEqualTo(reference.headers().firstValue("Content-Type"));
    }

}
