package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.support.testing.TestAccounts;
import jakarta.servlet.Filter;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.web.FilterChainProxy;

/**
 * The sign-in on ingress (service-support's {@code OperatorSecurity}, accounts configured
 * by {@link TestAccounts}): the channels' callback stays open, health stays open, the
 * rest of the actuator needs an account. A callback passes no security filter and no
 * per-request observation (issue 15: they cost ingress about a fifth of its request
 * threads' CPU).
 */
class IngressSignInIntegrationTest extends CallbackIntegrationSupport {

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void acceptsASignedCallbackWithoutAnyCredentials() throws Exception {
        // Given a signed WeChat Pay notification, and no credentials at all
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 300, 300).json(), Instant.now());

        // When the channel posts it
        HttpResponse<String> response = post(n);

        // Then it is acknowledged and stored, as before there was a sign-in
        assertThat(response.statusCode()).isEqualTo(204);
        assertThat(singleRawRow(out).outTradeNo()).isEqualTo(out);
    }

    @Test
    void leavesACallbackAloneWhateverItsOtherHeadersSay() throws Exception {
        // Given a signed notification that also carries wrong Basic credentials and a
        // header value with a tab (Spring Security's strict firewall would refuse it)
        String out = newOutTradeNo();
        SignedNotification n = SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 400, 400).json(), Instant.now());
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/notify/wechatpay"))
            .header("Content-Type", "application/json")
            .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString("x:y".getBytes()))
            .header("X-Trace", "a\tb")
            .POST(HttpRequest.BodyPublishers.ofByteArray(n.body()));
        n.headers().forEach((name, values) -> values.forEach((v) -> request.header(name, v)));

        // When the channel posts it
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());

        // Then ingress answers it as ever: acknowledged and stored
        assertThat(response.statusCode()).isEqualTo(204);
        assertThat(singleRawRow(out).outTradeNo()).isEqualTo(out);
    }

    @Test
    void keepsHealthOpenAndTheRestOfTheActuatorBehindASignIn() throws Exception {
        assertThat(anonymous("/actuator/health").statusCode()).isEqualTo(200);
        HttpResponse<String> metrics = anonymous("/actuator/metrics");
        assertThat(metrics.statusCode()).isEqualTo(401);
        assertThat(metrics.headers().firstValue("WWW-Authenticate")).hasValue("Basic realm=\"paypipe\"");
        // a viewer passes the sign-in and reads them
        HttpResponse<String> viewer = asViewer("/actuator/metrics");
        assertThat(viewer.statusCode()).isEqualTo(200);
        assertThat(viewer.body()).contains("\"names\"");
    }

    @Test
    void putsNoSecurityFilterNorAnyPerRequestObservationOnACallback(@Autowired FilterChainProxy security,
            @Autowired MeterRegistry meters) throws Exception {
        // Given a callback answered and an actuator read signed in (both observed before
        // issue 15's profile of ingress alone)
        String out = newOutTradeNo();
        assertThat(post(SignedNotification.of(SHOP_A,
                PaymentJson.success("1900000100", out, newTransactionId(), 500, 500).json(), Instant.now()))
            .statusCode()).isEqualTo(204);
        assertThat(asViewer("/actuator/metrics").statusCode()).isEqualTo(200);

        // When Spring Security is asked which filters a callback passes
        List<Filter> callbackFilters = security.getFilters("/notify/wechatpay");

        // Then none (an actuator read passes the sign-in's), and neither Spring
        // Security's nor Spring MVC's per-request observations recorded a meter
        assertThat(callbackFilters).isEmpty();
        assertThat(security.getFilters("/actuator/metrics")).isNotEmpty();
        assertThat(meters.getMeters()).extracting((meter) -> meter.getId().getName())
            .isNotEmpty()
            .noneMatch((name) -> name.startsWith("spring.security."))
            .doesNotContain("http.server.requests", "http.server.requests.active");
    }

    private HttpResponse<String> asViewer(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path))
            .header("Authorization", TestAccounts.VIEWER.authorization())
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> anonymous(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

}
