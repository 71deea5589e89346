package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.newOutTradeNo;
import static io.paypipe.ingress.wechatpay.Fixtures.newTransactionId;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.testing.TestAccounts;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The sign-in on ingress (service-support's {@code OperatorSecurity}, accounts configured
 * by {@link TestAccounts}): the channels' callback stays open, health stays open, the
 * rest of the actuator needs an account.
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
        // a viewer passes the sign-in (the endpoint is not exposed here: 404, not 401)
        HttpResponse<String> viewer = http.send(HttpRequest.newBuilder(uri("/actuator/metrics"))
            .header("Authorization", TestAccounts.VIEWER.authorization())
            .GET()
            .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(viewer.statusCode()).isEqualTo(404);
    }

    private HttpResponse<String> anonymous(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

}
