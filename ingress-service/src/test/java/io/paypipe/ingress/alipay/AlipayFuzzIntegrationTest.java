package io.paypipe.ingress.alipay;

import static io.paypipe.ingress.alipay.AlipayFixtures.APP_A;
import static io.paypipe.ingress.alipay.AlipayFixtures.APP_B;
import static io.paypipe.ingress.alipay.AlipayFixtures.ISV;
import static io.paypipe.ingress.alipay.AlipayFixtures.NOTIFICATIONS;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.ingress.callback.CallbackFuzzer;
import io.paypipe.ingress.callback.FuzzFailures;
import io.paypipe.ingress.callback.FuzzRequest;
import io.paypipe.sandbox.alipay.AlipayNotification;
import io.paypipe.sandbox.alipay.AlipayTrade;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * Generated input: 10,000 mutations of honest Alipay notifications
 * ({@link AlipayMutations}: bytes flipped, cut, inserted, pairs doubled, values replaced,
 * percent-encoding broken, random bytes, content types, junk headers) thrown at
 * {@code /notify/alipay} in one Spring context through {@link CallbackFuzzer}. A
 * {@code success} only for a mutant the oracle shows genuine on its own
 * ({@link AlipayGenuineDelivery}: the same parameters as the honest notification, RSA2
 * verified with the JDK); every other mutant gets {@code fail} with a non-2xx, a 503 only
 * for a genuine one, never a 500 or a stack trace; nothing is stored for a refused
 * delivery; the service still answers. The seed is printed, {@code -Dpaypipe.fuzz.seed=N}
 * repeats it; failing mutants go to {@code target/fuzz-failures/alipay-<seed>/}.
 */
class AlipayFuzzIntegrationTest extends AlipayCallbackIntegrationSupport {

    private static final int REQUESTS = 10_000;

    private static final int CONCURRENCY = 8;

    private static final AlipayGenuineDelivery GENUINE = new AlipayGenuineDelivery(Map.of(APP_A.appId(),
            APP_A.publicKeyBase64(), APP_B.appId(), APP_B.publicKeyBase64(), ISV.appId(), ISV.publicKeyBase64()));

    /**
     * Bodies of genuine deliveries answered success, or 503 (stored, the broker did not
     * confirm in time).
     */
    private final Set<String> acceptedBodies = ConcurrentHashMap.newKeySet();

    @Test
    void tenThousandMutatedDeliveriesAreAcceptedOnlyWhenGenuineAndOtherwiseFailAndStoreNothing() throws Exception {
        // Given a seed and honest notifications of orders only this run uses
        CallbackFuzzer fuzzer = new CallbackFuzzer(CallbackFuzzer.newSeed(getClass().getSimpleName()),
                CallbackFuzzer.BodyFormat.FORM, 64 * 1024);
        String prefix = "FZ" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toUpperCase();
        List<AlipayNotification> honest = honestNotifications(prefix);
        FuzzFailures failures = new FuzzFailures("alipay", fuzzer.seed(), "/notify/alipay", port, MERCHANTS_FILE);

        // When every mutant is sent, CONCURRENCY at a time
        CallbackFuzzer.Report report;
        try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            report = fuzzer.run(REQUESTS, (i, random) -> mutant(i, random, honest), CONCURRENCY,
                    FuzzRequest.http(http, URI.create("http://127.0.0.1:" + port + "/notify/alipay")),
                    (mutant, response) -> alipayRules(mutant, response, honest), failures);
        }
        System.out.println("AlipayFuzzIntegrationTest " + report.sent() + " requests in " + report.took().toMillis()
                + " ms, statuses " + report.statuses() + ", genuine bodies accepted " + acceptedBodies.size());

        // Then every answer kept the rules, and every stored row is the body of a genuine
        // delivery that got success
        report.assertNoFindings();
        assertThat(report.sent()).isEqualTo(REQUESTS);
        List<String> stored = jdbc.sql("""
                SELECT raw_body FROM pay_notify_raw WHERE out_trade_no LIKE :p
                UNION ALL SELECT raw_body FROM pay_notify_event WHERE out_trade_no LIKE :p
                UNION ALL SELECT raw_body FROM pay_refund_raw WHERE out_trade_no LIKE :p
                """).param("p", prefix + "%").query(String.class).list();
        assertThat(stored).as("seed " + report.seed()).allSatisfy(body -> assertThat(acceptedBodies).contains(body));

        // And the service still answers: health, and an honest notification
        assertThat(get("/actuator/health").body()).contains("\"UP\"");
        assertIsSuccessAck(post(honest.getFirst().body()));
    }

    /**
     * Seed 58458296925109 once produced such a mutant (an "add a pair" or a cut that left
     * {@code &x=}): Alipay leaves empty values out of what it signs ("空值不参与签名"), ingress
     * reads a blank value as absent, so it is the honest notification, genuinely
     * delivered; the oracle must judge it so, not as a hostile mutant accepted.
     */
    @ParameterizedTest
    @ValueSource(strings = { "&q=", "&q=+", "&q=%20%09" })
    void givenAnHonestNotificationWithAnAddedEmptyParameter_whenSent_thenItIsAcceptedAndTheOracleAgrees(String added)
            throws Exception {
        // Given an honest payment with an added parameter whose value is empty or blank
        String prefix = "FE" + UUID.randomUUID().toString().replace("-", "").substring(0, 12).toUpperCase();
        List<AlipayNotification> honest = honestNotifications(prefix);
        AlipayNotification base = honest.getFirst();
        byte[] body = (base.bodyAsString() + added).getBytes(StandardCharsets.UTF_8);
        var mutant = new CallbackFuzzer.Mutant(0, honestRequest(base),
                new FuzzRequest(body, List.of(Map.entry("Content-Type", FORM))), "add a pair " + added, false);

        // When it is sent
        var response = post(body);

        // Then ingress acknowledges it as the honest notification, and the fuzz test's
        // rules find nothing wrong with that
        assertIsSuccessAck(response);
        assertThat(alipayRules(mutant, new FuzzRequest.Response(response.statusCode(), FORM, response.body()), honest))
            .isEmpty();
        // while the same body with a value in the added parameter is judged not genuine
        assertThat(
                GENUINE.whyNotGenuine((base.bodyAsString() + "&q=1").getBytes(StandardCharsets.UTF_8), base.params()))
            .hasValue("parameters differ from the honest ones");
    }

    @ParameterizedTest
    @ValueSource(strings = { "\"uKb/ClQF9%", "\"application/x-www-form-urlencoded\"" })
    void aContentTypeSpringCannotParseGetsFailWith415NotA500(String contentType) throws Exception {
        // Given an honest notification sent with a Content-Type that starts with a quote
        String out = AlipayFixtures.newOutTradeNo();

        // When
        var response = post(AlipayFixtures.payment(out, 100).body(), contentType);

        // Then it is refused like any unusable content type, and nothing is stored
        assertThat(response.statusCode()).isEqualTo(415);
        assertIsFailAck(response);
        assertNothingStored(out);
    }

    private static CallbackFuzzer.Mutant mutant(long caseNumber, Random random, List<AlipayNotification> honest) {
        AlipayNotification base = honest.get(random.nextInt(honest.size()));
        List<String> applied = new ArrayList<>();
        byte[] body = AlipayMutations.body(base.body(), random, applied);
        FuzzRequest request = new FuzzRequest(body, AlipayMutations.headers(random, applied));
        return new CallbackFuzzer.Mutant(caseNumber, honestRequest(base), request, String.join(" + ", applied), false);
    }

    /**
     * Alipay's rules: {@code success} (HTTP 200) only for a genuine delivery; anything
     * else is {@code fail} with a 4xx, or a 503 (the broker did not confirm in time) for
     * a genuine one only.
     */
    private Optional<String> alipayRules(CallbackFuzzer.Mutant mutant, FuzzRequest.Response response,
            List<AlipayNotification> honest) {
        int status = response.status();
        Optional<String> notGenuine = GENUINE.whyNotGenuine(mutant.request().body(), honestParams(mutant, honest));
        if (status / 100 == 2) {
            if (notGenuine.isPresent()) {
                return Optional.of("accepted a delivery that is not genuine: " + notGenuine.get());
            }
            acceptedBodies.add(new String(mutant.request().body(), StandardCharsets.UTF_8));
            return "success".equals(response.body()) ? Optional.empty() : Optional.of("a 2xx without 'success'");
        }
        if (!"fail".equals(response.body())) {
            return Optional.of("neither success nor fail: HTTP " + status);
        }
        if (status == 503) {
            if (notGenuine.isEmpty()) {
                acceptedBodies.add(new String(mutant.request().body(), StandardCharsets.UTF_8)); // stored,
                                                                                                 // not
                                                                                                 // confirmed
            }
            return notGenuine.map(why -> "503 for a delivery that is not genuine: " + why);
        }
        return status >= 400 && status < 500 ? Optional.empty()
                : Optional.of("status " + status + " is not a 4xx refusal");
    }

    private static Map<String, String> honestParams(CallbackFuzzer.Mutant mutant, List<AlipayNotification> honest) {
        return honest.stream()
            .filter(n -> java.util.Arrays.equals(n.body(), mutant.valid().body()))
            .findFirst()
            .orElseThrow()
            .params();
    }

    private static FuzzRequest honestRequest(AlipayNotification n) {
        return new FuzzRequest(n.body(), List.of(Map.entry("Content-Type", FORM)));
    }

    /**
     * A payment, an ISV payment, a WAIT_BUYER_PAY, a closed trade and a refund, each of
     * its own order.
     */
    private static List<AlipayNotification> honestNotifications(String prefix) {
        return List.of(
                NOTIFICATIONS
                    .tradeStatusSync(AlipayTrade.paid(APP_A, prefix + "1", NOTIFICATIONS.newTradeNo(), 10_010)),
                NOTIFICATIONS.tradeStatusSync(
                        AlipayTrade.paid(ISV, "2021000300000000", prefix + "2", NOTIFICATIONS.newTradeNo(), 1)),
                NOTIFICATIONS.tradeStatusSync(AlipayTrade.paid(APP_A, prefix + "3", NOTIFICATIONS.newTradeNo(), 100)
                    .withStatus(AlipayTrade.WAIT_BUYER_PAY)),
                NOTIFICATIONS.tradeStatusSync(AlipayTrade.paid(APP_A, prefix + "4", NOTIFICATIONS.newTradeNo(), 100)
                    .withStatus(AlipayTrade.TRADE_CLOSED)),
                NOTIFICATIONS.refund(AlipayTrade.paid(APP_A, prefix + "5", NOTIFICATIONS.newTradeNo(), 100),
                        prefix + "R5", 50));
    }

}
