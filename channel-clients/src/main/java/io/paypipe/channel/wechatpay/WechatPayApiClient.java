package io.paypipe.channel.wechatpay;

import com.wechat.pay.java.core.auth.Credential;
import com.wechat.pay.java.core.auth.Validator;
import com.wechat.pay.java.core.exception.HttpException;
import com.wechat.pay.java.core.exception.ValidationException;
import com.wechat.pay.java.core.http.AbstractHttpClient;
import com.wechat.pay.java.core.http.HttpHeaders;
import com.wechat.pay.java.core.http.HttpRequest;
import com.wechat.pay.java.core.http.JsonRequestBody;
import com.wechat.pay.java.core.http.OriginalResponse;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The official SDK's HTTP client, on the JDK's {@link HttpClient} and pointed at another
 * host: the SDK builds every request for {@code https://api.mch.weixin.qq.com} and signs
 * its path and query ({@link AbstractHttpClient} adds {@code Authorization} before it
 * calls {@link #innerExecute}); this adapter sends it, unchanged but for scheme, host and
 * port, to {@code baseUrl} (the sandbox locally), so the signed path is the path sent.
 * The SDK then checks the status, the content type and the answer's signature as it
 * always does.
 * <p>
 * One check more than the SDK makes: it verifies a 2xx answer's signature only, and
 * throws a {@code ServiceException} with the code of any other answer unverified. A
 * refusal must be WeChat's before a refund is failed on it, and a "no such order" or
 * "already paid" WeChat's before an order query or close acts on it, so an answer that is
 * not 2xx and whose signature does not verify is a {@link ValidationException} here. Each
 * call is bounded by {@code timeout}; nothing is retried. Built per merchant by
 * {@link WechatPayClients}. Downloads (a bill's {@code download_url}) stream: see
 * {@link #innerDownload}.
 */
public final class WechatPayApiClient extends AbstractHttpClient {

    /** The headers the SDK's validator reads, by their exact names. */
    private static final List<String> WECHATPAY_HEADERS = List.of("Request-ID", "Wechatpay-Timestamp",
            "Wechatpay-Nonce", "Wechatpay-Signature", "Wechatpay-Serial", "Wechatpay-Signature-Type", "Content-Type");

    private final HttpClient http;

    private final String baseUrl;

    private final Duration timeout;

    public WechatPayApiClient(Credential credential, Validator validator, HttpClient http, URI baseUrl,
            Duration timeout) {
        super(credential, validator);
        this.http = http;
        String base = baseUrl.toString();
        this.baseUrl = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        if (baseUrl.getRawPath() != null && baseUrl.getRawPath().length() > 1) {
            throw new IllegalArgumentException("the WeChat Pay base URL names a host only, no path: " + baseUrl);
        }
        this.timeout = timeout;
    }

    @Override
    protected OriginalResponse innerExecute(HttpRequest request) {
        java.net.http.HttpRequest.Builder call = java.net.http.HttpRequest.newBuilder(target(request.getUri()))
            .timeout(timeout);
        request.getHeaders().getHeaders().forEach(call::header);
        call.method(request.getHttpMethod().name(),
                request.getBody() instanceof JsonRequestBody json
                        ? java.net.http.HttpRequest.BodyPublishers.ofString(json.getBody(), StandardCharsets.UTF_8)
                        : java.net.http.HttpRequest.BodyPublishers.noBody());
        HttpResponse<String> response;
        try {
            response = http.send(call.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        }
        catch (IOException e) {
            throw new HttpException(request, e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HttpException(request, e);
        }
        Map<String, String> headers = headers(response);
        int status = response.statusCode();
        if ((status < 200 || status >= 300) && !verified(headers, response.body())) {
            throw new ValidationException("a WeChat Pay answer with HTTP " + status + " is not signed by WeChat Pay");
        }
        return new OriginalResponse.Builder().request(request)
            .headers(headers)
            .statusCode(status)
            .contentType(headers.get("Content-Type"))
            .body(response.body())
            .build();
    }

    private boolean verified(Map<String, String> headers, String body) {
        try {
            return validator.validate(new HttpHeaders(headers), body);
        }
        catch (RuntimeException e) {
            // a missing or stale timestamp: not verified
            return false;
        }
    }

    /**
     * The answer's headers, WeChat's under the exact names the SDK asks for whatever case
     * they came in.
     */
    private static Map<String, String> headers(HttpResponse<?> response) {
        Map<String, String> received = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        response.headers().map().forEach((name, values) -> {
            if (!values.isEmpty()) {
                received.put(name, values.getFirst());
            }
        });
        Map<String, String> headers = new HashMap<>(received);
        WECHATPAY_HEADERS.forEach(name -> {
            String value = received.get(name);
            if (value != null) {
                headers.put(name, value);
            }
        });
        return headers;
    }

    /**
     * Sends the SDK's signed download ({@link AbstractHttpClient#download}: a GET of the
     * URL a bill answer gave, {@code Authorization} over its path and query) and hands
     * back the body as it streams in, never read here, as a {@link Download}: the SDK's
     * {@code download} returns a bare {@link InputStream}, with no room for the status or
     * the length, so they travel with the stream. The answer is unsigned (WeChat signs no
     * download); any status comes back, the caller decides. {@code timeout} bounds the
     * wait for the answer's headers; the body then streams as fast as it comes.
     */
    @Override
    protected InputStream innerDownload(HttpRequest request) {
        java.net.http.HttpRequest.Builder call = java.net.http.HttpRequest.newBuilder(target(request.getUri()))
            .timeout(timeout)
            .GET();
        request.getHeaders().getHeaders().forEach(call::header);
        HttpResponse<InputStream> response;
        try {
            response = http.send(call.build(), HttpResponse.BodyHandlers.ofInputStream());
        }
        catch (IOException e) {
            throw new HttpException(request, e);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HttpException(request, e);
        }
        return new Download(response.body(), response.statusCode(),
                response.headers().firstValueAsLong("Content-Length").orElse(-1));
    }

    /**
     * Scheme, host and port of {@code baseUrl}; path and query as the SDK signed them.
     */
    private URI target(URI uri) {
        return URI.create(baseUrl + uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
    }

    @Override
    protected String getHttpClientInfo() {
        return "java.net.http/" + Runtime.version().feature();
    }

    /**
     * A download's body, open, with the answer's status and {@code Content-Length} (-1
     * when it has none).
     */
    public static final class Download extends FilterInputStream {

        private final int status;

        private final long contentLength;

        Download(InputStream body, int status, long contentLength) {
            super(body);
            this.status = status;
            this.contentLength = contentLength;
        }

        public int status() {
            return status;
        }

        public long contentLength() {
            return contentLength;
        }

    }

}
