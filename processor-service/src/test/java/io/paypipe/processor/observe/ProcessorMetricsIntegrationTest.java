package io.paypipe.processor.observe;

import static io.paypipe.processor.support.Fixtures.MERCHANT;
import static io.paypipe.processor.support.Fixtures.newOrderKey;
import static io.paypipe.processor.support.Fixtures.newTradeNo;
import static io.paypipe.processor.support.Fixtures.orderCreated;
import static io.paypipe.processor.support.Fixtures.storeRaw;
import static io.paypipe.processor.support.Fixtures.succeeded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.OrderKey;
import io.paypipe.core.topic.Json;
import io.paypipe.core.topic.Topics;
import io.paypipe.embedded.TestInfra;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.MetricNames;
import io.paypipe.support.testing.Promtool;
import io.paypipe.support.testing.Scrape;
import io.paypipe.support.testing.TopicWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import tools.jackson.databind.JsonNode;

/**
 * The processor's meters as Prometheus scrapes them from {@code /actuator/prometheus}, on
 * a real broker and database, and its readiness. Each check compares a value before and
 * after real work, so it fails if the increment or the gauge's query were gone; and the
 * names docs/operations.md may use for the processor ({@link MetricNames}) are in the
 * scrape.
 */
@DirtiesContext
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "processor.metrics-refresh-interval=300ms" })
class ProcessorMetricsIntegrationTest extends ProcessorIntegrationBase {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static TopicWriter writer;

    @LocalServerPort
    int port;

    @BeforeAll
    static void clients() {
        writer = new TopicWriter(TestInfra.get().bootstrapServers());
    }

    @AfterAll
    static void closeClients() {
        writer.close();
    }

    @Test
    void givenAPendingOrder_whenItsPaymentIsProcessed_thenTheAppliedOutcomeOfItsChannelAndMerchantCountsOneMore() {
        // Given a pending order and its stored notification
        OrderKey key = newOrderKey();
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 700));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
        var tradeNo = newTradeNo();
        long rawId = storeRaw(jdbc, key, tradeNo, "SUCCESS", 700);
        String[] applied = { "channel", "wechatpay", "merchant", MERCHANT.value(), "outcome", "applied" };
        String[] duplicate = { "channel", "wechatpay", "merchant", MERCHANT.value(), "outcome", "duplicate" };
        double appliedBefore = scrape().valueOrZero("paypipe_processor_outcomes_total", applied);
        double duplicateBefore = scrape().valueOrZero("paypipe_processor_outcomes_total", duplicate);

        // When the payment is processed, then delivered once more
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 700, 700));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PAID"));
        writer.send(Topics.PAYMENT_NOTIFY, key.kafkaKey(), succeeded(rawId, key, tradeNo, 700, 700));

        // Then the scrape counts one applied and one duplicate decision more
        await().untilAsserted(() -> {
            Scrape after = scrape();
            assertThat(after.valueOrZero("paypipe_processor_outcomes_total", applied)).isEqualTo(appliedBefore + 1);
            assertThat(after.valueOrZero("paypipe_processor_outcomes_total", duplicate)).isEqualTo(duplicateBefore + 1);
        });
    }

    @Test
    void givenNotificationsUnsettledForElevenMinutesAndForAMoment_whenTheGaugesRefresh_thenOnlyTheOldOneIsStuck() {
        // Given, for a merchant of its own, a row at handled=0 for 11 minutes and one
        // just
        // stored, and a row waiting for a person for 25 hours
        String merchant = "stuck-" + System.nanoTime() % 1_000_000_000L;
        // (and an order consumed, so its group has committed offsets to lag behind)
        OrderKey key = newOrderKey();
        writer.send(Topics.ORDER_CREATED, key.kafkaKey(), orderCreated(key, 300));
        await().untilAsserted(() -> assertThat(db.status(key)).isEqualTo("PENDING"));
        insertRaw(merchant, 0, Instant.now().minus(Duration.ofMinutes(11)));
        insertRaw(merchant, 0, Instant.now());
        insertRaw(merchant, 2, Instant.now().minus(Duration.ofHours(25)));
        insertRaw(merchant, 2, Instant.now().minus(Duration.ofHours(1)));

        // Then, once refreshed, the unsettled gauge says 1 and the manual one 1 for it
        await().untilAsserted(() -> {
            Scrape scrape = scrape();
            assertThat(scrape.value("paypipe_notifications_unsettled", "channel", "wechatpay", "merchant", merchant))
                .hasValue(1.0);
            assertThat(scrape.value("paypipe_notifications_manual", "channel", "wechatpay", "merchant", merchant))
                .hasValue(1.0);
            assertThat(scrape.value("paypipe_kafka_consumer_lag", "topic", Topics.ORDER_CREATED.name())).isPresent();
        });
        // and the refresher reports itself fresh, and the consumer lag of its groups
        Scrape scrape = scrape();
        assertThat(scrape.value("paypipe_metrics_refresh_age_seconds", "refresher", "processor"))
            .hasValueSatisfying(age -> assertThat(age).isLessThan(5.0));
        assertThat(scrape.value("paypipe_dead_letters_pending", "topic", Topics.PAYMENT_NOTIFY.dlt())).isPresent();
        assertThat(scrape.names()).containsAll(MetricNames.atStart("processor"))
            .contains("paypipe_notifications_unsettled", "paypipe_notifications_manual");
    }

    @Test
    void givenARefreshedScrape_whenPromtoolChecksIt_thenItParsesAndOurSeriesPassPrometheussLint() throws Exception {
        // Given promtool, and a scrape once the cached gauges have been read (the
        // processor's series, consumer lag and dead letters pending among them)
        Promtool promtool = Promtool.required();
        await().untilAsserted(() -> assertThat(scrape().names()).containsAll(MetricNames.atStart("processor")));

        // When promtool check metrics reads it as Prometheus would
        Promtool.MetricsLint lint = promtool.checkMetrics(scrape().text());

        // Then it parses, and none of paypipe's own series has a lint problem
        lint.assertParsedAndOurSeriesClean();
    }

    @Test
    void givenTheTopicsAndMigrationsInPlace_whenReadinessIsAsked_thenItIsUpWithBothChecksAndLivenessIgnoresTheBroker()
            throws Exception {
        JsonNode readiness = health("/actuator/health/readiness");
        assertThat(readiness.path("status").asString()).isEqualTo("UP");
        assertThat(readiness.path("components").path("catalogueTopics").path("status").asString()).isEqualTo("UP");
        assertThat(readiness.path("components").path("schemaVersion").path("status").asString()).isEqualTo("UP");
        JsonNode liveness = health("/actuator/health/liveness");
        assertThat(liveness.path("status").asString()).isEqualTo("UP");
        assertThat(liveness.path("components").has("broker")).isFalse();
        assertThat(liveness.path("components").has("db")).isFalse();
        JsonNode all = health("/actuator/health");
        assertThat(all.path("components").path("broker").path("status").asString()).isEqualTo("UP");
        assertThat(all.path("components").path("db").path("status").asString()).isEqualTo("UP");
    }

    private JsonNode health(String path) throws Exception {
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        return Json.MAPPER.readTree(response.body());
    }

    private Scrape scrape() {
        return Scrape.of("http://127.0.0.1:" + port);
    }

    private void insertRaw(String merchant, int handled, Instant at) {
        jdbc.sql(
                """
                        INSERT INTO pay_notify_raw (tenant_id, merchant_id, channel, channel_trade_no, out_trade_no, trade_state,
                                                    order_amount_minor, paid_amount_minor, currency, handled, raw_body,
                                                    created_at, updated_at, last_delivered_at)
                        VALUES ('test-shop', :merchant, 'wechatpay', :trade, :out, 'SUCCESS', 100, 100, 'CNY', :handled, '{}',
                                :at, :at, :at)""")
            .param("merchant", merchant)
            .param("trade", newTradeNo().value())
            .param("out", "o" + System.nanoTime())
            .param("handled", handled)
            .param("at", Timestamp.from(at))
            .update();
    }

}
