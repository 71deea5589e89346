package io.paypipe.channel.bill;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paypipe.channel.Merchants;
import io.paypipe.channel.stripe.StripeEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link StripeBillDownloads} against a fake Stripe that answers what the sandbox never
 * does: runs that stay pending, an error answer, a file that cannot be downloaded.
 */
class StripeBillDownloadsTest {

    private static final String ACCOUNT = "acct_fake0000";

    private static final Duration WAIT = Duration.ofMillis(400);

    private final AtomicInteger retrieves = new AtomicInteger();

    private HttpServer stripe;

    @AfterEach
    void stop() {
        if (stripe != null) {
            stripe.stop(0);
        }
    }

    @Test
    void givenRunsThatStayPendingThenFailedOnceTheWaitIsOverAfterPolling() {
        // Given a Stripe whose runs never finish
        givenStripe(exchange -> answer(exchange, 200, run("pending", null)));

        // When
        long start = System.nanoTime();
        BillFetch fetch = downloads().fetch(request());
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        // Then it gave up after the wait, having read the runs again and again
        assertThat(fetch).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).contains("still pending when the wait was over"));
        assertThat(took).isGreaterThanOrEqualTo(WAIT).isLessThan(WAIT.plusSeconds(3));
        assertThat(retrieves.get()).isGreaterThan(4);
    }

    @Test
    void givenAServerErrorWhenTheRunIsCreatedThenFailedNamingIt() {
        givenStripe(exchange -> answer(exchange, 500,
                "{\"error\":{\"message\":\"An unknown error occurred\",\"type\":\"api_error\"}}"));

        assertThat(downloads().fetch(request())).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).isEqualTo("stripe report run: ApiException (HTTP 500)"));
    }

    @Test
    void givenAFileThatIsNotThereThenFailedWithItsStatus() {
        givenStripe(exchange -> {
            if (exchange.getRequestURI().getPath().startsWith("/v1/files/")) {
                answer(exchange, 404, "{\"error\":{\"code\":\"resource_missing\",\"type\":\"invalid_request_error\"}}");
            }
            else {
                answer(exchange, 200, run("succeeded",
                        "http://127.0.0.1:" + stripe.getAddress().getPort() + "/v1/files/file_gone/contents"));
            }
        });

        assertThat(downloads().fetch(request())).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).contains("HTTP 404"));
    }

    @Test
    void givenARunThatFailedOtherwiseThenFailedWithStripesError() {
        givenStripe(exchange -> answer(exchange, 200, run("failed", null)));

        assertThat(downloads().fetch(request())).isInstanceOfSatisfying(BillFetch.Failed.class,
                f -> assertThat(f.reason()).contains("failed: internal_error"));
    }

    private interface Handler {

        void handle(HttpExchange exchange) throws IOException;

    }

    private void givenStripe(Handler handler) {
        try {
            stripe = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
        stripe.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            if (exchange.getRequestMethod().equals("GET")
                    && exchange.getRequestURI().getPath().startsWith("/v1/reporting/report_runs/")) {
                retrieves.incrementAndGet();
            }
            handler.handle(exchange);
        });
        stripe.start();
    }

    private static void answer(HttpExchange exchange, int status, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    private static String run(String status, String fileUrl) {
        String result = fileUrl == null ? "null"
                : "{\"id\":\"file_1\",\"object\":\"file\",\"size\":10,\"url\":\"" + fileUrl + "\"}";
        String error = status.equals("failed") ? "\"internal_error: the report could not be generated\"" : "null";
        return "{\"id\":\"frr_1\",\"object\":\"reporting.report_run\",\"created\":1,\"error\":" + error
                + ",\"livemode\":false,\"parameters\":{},\"report_type\":\"x\",\"result\":" + result + ",\"status\":\""
                + status + "\"}";
    }

    private StripeBillDownloads downloads() {
        Merchant merchant = new Merchant("shop", Channel.STRIPE, ACCOUNT, List.of(), null, null,
                new Merchant.StripeCredentials(ACCOUNT, "whsec_fake", "sk_test_fake"));
        return new StripeBillDownloads(new Merchants(List.of(merchant)),
                new StripeEndpoint("http://127.0.0.1:" + stripe.getAddress().getPort(), Duration.ofSeconds(1),
                        Duration.ofSeconds(2), 0),
                WAIT, Duration.ofMillis(20));
    }

    private static BillRequest request() {
        return new BillRequest(MerchantId.of(ACCOUNT), Optional.empty(), LocalDate.parse("2026-09-01"));
    }

}
