package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.topic.Json;
import io.paypipe.support.testing.MetricNames;
import io.paypipe.support.testing.Promtool;
import io.paypipe.support.testing.Scrape;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Ingress's operator meters as Prometheus scrapes them ({@code /actuator/prometheus}),
 * after real callbacks on a real broker and database: a signed callback accepted, the
 * same delivered again (a duplicate) and a tampered one (rejected, bad signature, its
 * merchant unknown). Each check is a difference before and after, so it fails if an
 * increment were gone; and its health: merchants file, broker, readiness.
 */
class IngressMetricsIntegrationTest extends CallbackIntegrationSupport {

    private static final String CALLBACKS = "paypipe_callbacks_total";

    private static final String ACK = "paypipe_callbacks_ack_seconds";

    private static final String[] ACCEPTED = { "channel", "wechatpay", "merchant", "1900000100", "outcome", "accepted",
            "reason", "none" };

    private static final String[] DUPLICATE = { "channel", "wechatpay", "merchant", "1900000100", "outcome",
            "duplicate", "reason", "none" };

    private static final String[] BAD_SIGNATURE = { "channel", "wechatpay", "merchant", "unknown", "outcome",
            "rejected", "reason", "bad_signature" };

    @Test
    void givenAGenuineADuplicateAndATamperedCallback_whenScraped_thenEachOutcomeAndTheAckHistogramMovedByItsCount()
            throws Exception {
        // Given a genuine WeChat payment notification of SHOP_A and a tampered copy
        SignedNotification genuine = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", newOutTradeNo(), newTransactionId(), 800, 800).json(), Instant.now());
        SignedNotification tampered = genuine.withBody(genuine.bodyText()
            .replace("TRANSACTION.SUCCESS", "TRANSACTION.SUCCESs")
            .getBytes(StandardCharsets.UTF_8));
        Scrape before = scrape();

        // When the genuine one is posted twice and the tampered one once
        assertThat(post(genuine).statusCode()).isEqualTo(204);
        assertThat(post(genuine).statusCode()).isEqualTo(204);
        assertThat(post(tampered).statusCode()).isEqualTo(401);

        // Then accepted, duplicate and rejected{bad_signature} each moved by one
        Scrape after = scrape();
        assertThat(after.valueOrZero(CALLBACKS, ACCEPTED)).isEqualTo(before.valueOrZero(CALLBACKS, ACCEPTED) + 1);
        assertThat(after.valueOrZero(CALLBACKS, DUPLICATE)).isEqualTo(before.valueOrZero(CALLBACKS, DUPLICATE) + 1);
        assertThat(after.valueOrZero(CALLBACKS, BAD_SIGNATURE))
            .isEqualTo(before.valueOrZero(CALLBACKS, BAD_SIGNATURE) + 1);
        // and the ack histogram counted all three, each within the 5 s budget (the SLO
        // bucket le=5.0) and the 1 s one
        assertThat(after.valueOrZero(ACK + "_count", "channel", "wechatpay"))
            .isEqualTo(before.valueOrZero(ACK + "_count", "channel", "wechatpay") + 3);
        assertThat(after.valueOrZero(ACK + "_bucket", "channel", "wechatpay", "le", "5.0"))
            .isEqualTo(before.valueOrZero(ACK + "_bucket", "channel", "wechatpay", "le", "5.0") + 3);
        assertThat(after.value(ACK + "_bucket", "channel", "wechatpay", "le", "1.0")).isPresent();
        // and every ingress family of the docs' list is in the scrape
        assertThat(after.names()).containsAll(MetricNames.ALL.stream()
            .filter(n -> n.service().equals("ingress") && !n.name().startsWith("paypipe_unverified"))
            .map(MetricNames.Name::name)
            .toList());
    }

    @Test
    void givenARealScrapeAfterACallback_whenPromtoolChecksIt_thenItParsesAndOurSeriesPassPrometheussLint()
            throws Exception {
        // Given promtool, and a scrape after a real callback (so the counters and the ack
        // histogram are in it): a tampered one, answered without the broker (a slow
        // broker cannot turn it into a 503)
        Promtool promtool = Promtool.required();
        SignedNotification genuine = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", newOutTradeNo(), newTransactionId(), 800, 800).json(), Instant.now());
        SignedNotification tampered = genuine.withBody(genuine.bodyText()
            .replace("TRANSACTION.SUCCESS", "TRANSACTION.SUCCESs")
            .getBytes(StandardCharsets.UTF_8));
        assertThat(post(tampered).statusCode()).isEqualTo(401);
        Scrape scrape = scrape();
        assertThat(scrape.names()).contains(CALLBACKS, ACK + "_bucket");

        // When promtool check metrics reads it as Prometheus would
        Promtool.MetricsLint lint = promtool.checkMetrics(scrape.text());

        // Then it parses, and none of paypipe's own series has a lint problem (the
        // libraries' are printed only)
        lint.assertParsedAndOurSeriesClean();
    }

    @Test
    void givenTheMerchantsFileTopicsAndMigrationsInPlace_whenHealthIsAsked_thenEachSaysWhatItChecked()
            throws Exception {
        JsonNode health = Json.MAPPER.readTree(get("/actuator/health").body());
        JsonNode merchants = health.path("components").path("merchantsFile");
        assertThat(merchants.path("status").asString()).isEqualTo("UP");
        assertThat(merchants.path("details").path("merchants").asInt()).isEqualTo(5);
        assertThat(merchants.path("details").path("file").asString()).isEqualTo(MERCHANTS_FILE.toString());
        assertThat(health.path("components").path("broker").path("status").asString()).isEqualTo("UP");
        assertThat(health.path("components").path("db").path("status").asString()).isEqualTo("UP");

        JsonNode readiness = Json.MAPPER.readTree(get("/actuator/health/readiness").body());
        assertThat(readiness.path("status").asString()).isEqualTo("UP");
        assertThat(readiness.path("components").path("catalogueTopics").path("status").asString()).isEqualTo("UP");
        assertThat(readiness.path("components").path("schemaVersion").path("status").asString()).isEqualTo("UP");
        assertThat(readiness.path("components").has("merchantsFile")).isFalse();
    }

    private Scrape scrape() {
        return Scrape.of(uri("").toString());
    }

}
