package io.paypipe.bench.baseline;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The synchronous downstream call the callback thread makes before it answers: a real
 * HTTP/1.1 POST over pooled keep-alive connections, the request thread blocked until the
 * answer. A non-2xx answer or an I/O error is a business failure.
 */
final class DeliveryClient implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final URI target;

    private final HttpClient http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();

    DeliveryClient(URI target) {
        this.target = target;
    }

    void notifyPaid(PaidNotice notice) {
        HttpRequest request = HttpRequest.newBuilder(target)
            .timeout(TIMEOUT)
            .POST(HttpRequest.BodyPublishers.ofString(notice.merchantId() + "\n" + notice.outTradeNo(),
                    StandardCharsets.UTF_8))
            .build();
        try {
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 != 2) {
                throw new PaymentTransition.BusinessFailure(
                        "downstream answered " + status + " for " + notice.outTradeNo());
            }
        }
        catch (IOException e) {
            throw new PaymentTransition.BusinessFailure("downstream call failed for " + notice.outTradeNo() + ": " + e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PaymentTransition.BusinessFailure("interrupted calling downstream for " + notice.outTradeNo());
        }
    }

    @Override
    public void close() {
        http.shutdownNow();
    }

}
