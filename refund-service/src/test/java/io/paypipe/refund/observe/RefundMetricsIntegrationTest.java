package io.paypipe.refund.observe;

import static io.paypipe.refund.support.RefundApi.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.paypipe.core.id.Channel;
import io.paypipe.refund.support.PaidOrders.Paid;
import io.paypipe.refund.support.RefundIntegrationBase;
import io.paypipe.support.testing.Scrape;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code paypipe_refunds{channel,status}} as Prometheus scrapes it, after a real refund
 * through the API and the channel sandbox: the alipay count moves by one, and every
 * (channel, status) the scrape shows is the database's count.
 */
@TestPropertySource(properties = "refund.metrics-refresh-interval=300ms")
class RefundMetricsIntegrationTest extends RefundIntegrationBase {

    @Test
    void givenAPaidOrder_whenPartlyRefunded_thenTheRefundsGaugeCountsItUnderItsChannelAndState() {
        // Given a paid Alipay order and the gauge's alipay total before
        Paid order = orders.paid(alipay(), Channel.ALIPAY, 4_000);
        await().until(() -> scrape().value("paypipe_metrics_refresh_age_seconds", "refresher", "refund").isPresent());
        double before = scrape().valueOrZero("paypipe_refunds", "channel", "alipay");

        // When part of it is refunded through the API
        var answer = api.post(request(order.key().merchantId().value(), order.key().outTradeNo().value(), 1_000, null));
        assertThat(answer.status()).isEqualTo(201);

        // Then the alipay refunds counted one more, and each state's series is the
        // database's count of that state
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            Scrape scrape = scrape();
            assertThat(scrape.valueOrZero("paypipe_refunds", "channel", "alipay")).isEqualTo(before + 1);
            for (Map<String, Object> row : jdbc
                .sql("SELECT channel, status, COUNT(*) AS n FROM refund GROUP BY channel, status")
                .query()
                .listOfRows()) {
                assertThat(scrape.value("paypipe_refunds", "channel", (String) row.get("channel"), "status",
                        (String) row.get("status")))
                    .as("%s %s", row.get("channel"), row.get("status"))
                    .hasValue(((Number) row.get("n")).doubleValue());
            }
        });
    }

    private Scrape scrape() {
        return Scrape.of("http://127.0.0.1:" + port);
    }

}
