package io.paypipe.channel.bill;

import io.paypipe.channel.InProcessSandbox;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;

/**
 * The sandbox's bill handles over HTTP ({@code POST /sandbox/bills/settlements} and
 * {@code /sandbox/bills/scenarios}): settlements of past days and armed scenarios for the
 * bill download tests.
 */
final class SandboxBills {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private SandboxBills() {
    }

    /** A Stripe payment of {@code account} (fee: the sandbox's rate). */
    static void payment(String account, String outTradeNo, String paymentIntent, long amount, Instant at) {
        post("/sandbox/bills/settlements",
                "{\"channel\":\"stripe\",\"merchantId\":\"" + account + "\",\"kind\":\"PAYMENT\",\"outTradeNo\":\""
                        + outTradeNo + "\",\"channelTradeNo\":\"" + paymentIntent + "\",\"amountMinor\":" + amount
                        + ",\"currency\":\"USD\",\"at\":\"" + at + "\"}");
    }

    /** A Stripe refund of {@code account}; {@code refundNo} null: a Dashboard refund. */
    static void refund(String account, String outTradeNo, String paymentIntent, String refundNo, String refundId,
            long amount, Instant at) {
        post("/sandbox/bills/settlements",
                "{\"channel\":\"stripe\",\"merchantId\":\"" + account + "\",\"kind\":\"REFUND\",\"outTradeNo\":\""
                        + outTradeNo + "\",\"channelTradeNo\":\"" + paymentIntent + "\",\"refundNo\":"
                        + (refundNo == null ? "null" : "\"" + refundNo + "\"") + ",\"channelRefundId\":\"" + refundId
                        + "\",\"amountMinor\":" + amount + ",\"currency\":\"USD\",\"at\":\"" + at + "\"}");
    }

    /** A Stripe fee line of {@code account}. */
    static void fee(String account, String feeId, long amount, Instant at) {
        post("/sandbox/bills/settlements",
                "{\"channel\":\"stripe\",\"merchantId\":\"" + account + "\",\"kind\":\"FEE\",\"channelTradeNo\":\""
                        + feeId + "\",\"amountMinor\":" + amount + ",\"currency\":\"USD\",\"at\":\"" + at + "\"}");
    }

    static void arm(String account, LocalDate day, String scenario, long generatedLines) {
        post("/sandbox/bills/scenarios", "{\"channel\":\"stripe\",\"merchantId\":\"" + account + "\",\"day\":\"" + day
                + "\",\"scenario\":\"" + scenario + "\",\"generatedLines\":" + generatedLines + "}");
    }

    private static void post(String path, String json) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(InProcessSandbox.get().baseUrl() + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 201) {
                throw new IllegalStateException(path + " answered " + response.statusCode() + ": " + response.body());
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

}
