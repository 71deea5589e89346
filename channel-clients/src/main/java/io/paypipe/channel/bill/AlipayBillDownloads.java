package io.paypipe.channel.bill;

import com.alipay.api.AlipayApiException;
import com.alipay.api.AlipayClient;
import com.alipay.api.domain.AlipayDataDataserviceBillDownloadurlQueryModel;
import com.alipay.api.request.AlipayDataDataserviceBillDownloadurlQueryRequest;
import com.alipay.api.response.AlipayDataDataserviceBillDownloadurlQueryResponse;
import io.paypipe.channel.Merchants;
import io.paypipe.channel.alipay.AlipayClients;
import io.paypipe.channel.alipay.AlipayEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Alipay's trade bill of one app's day:
 * {@code alipay.data.dataservice.bill.downloadurl.query} {@code {bill_type:"trade",
 * bill_date:"yyyy-MM-dd"}} through the app's official {@code DefaultAlipayClient}
 * ({@link AlipayClients}: signed with the app's key, a successful answer's sign verified
 * with Alipay's public key), then at once (the URL lives 30 s) a plain GET of its
 * {@code bill_download_url} with the JDK's {@link HttpClient}: the zip is handed over as
 * the open response stream, never buffered, its length the {@code Content-Length}. What
 * the answers mean:
 *
 * <pre>
 * 10000 with bill_download_url, download 200   -> Ready (whatever the body is: an error page is the parser's to refuse)
 * 40004 isp.bill_not_exist                     -> NotReady (the day is not over, or its bill not made yet)
 * any other code, 10000 without a URL          -> Failed
 * the SDK throws (I/O, timeout, a sign that does not verify, an answer it cannot parse) -> Failed
 * download: not http(s), another status (404: the link expired), I/O, timeout -> Failed
 * </pre>
 *
 * In service-provider mode ({@code spMerchantId} present) the provider's app calls with
 * {@code app_auth_token} of the merchant's app. The merchants file carries no tokens: the
 * token sent is the merchant's app id, which is what the sandbox's Alipay takes; real
 * Alipay would need the token the merchant granted. Logs name the app, the day and the
 * outcome, never the URL (it grants the download) or a body.
 */
public final class AlipayBillDownloads implements BillDownloads {

    private static final Logger log = LoggerFactory.getLogger(AlipayBillDownloads.class);

    private static final String SUCCESS = "10000";

    private static final String NOT_EXIST = "isp.bill_not_exist";

    private final Merchants merchants;

    private final AlipayClients clients;

    private final HttpClient http;

    private final Duration downloadTimeout;

    /**
     * Bills of the merchants' apps at {@code endpoint}; the download waits for its answer
     * as long as a gateway call ({@code endpoint.readTimeout()}).
     */
    public AlipayBillDownloads(Merchants merchants, AlipayEndpoint endpoint) {
        this(merchants, endpoint, endpoint.readTimeout());
    }

    /**
     * @param downloadTimeout bound on waiting for the download's status and headers (the
     * body then streams as fast as the caller reads); a channel that makes the file while
     * it is asked for (the sandbox's generated days) needs more than a gateway call
     */
    public AlipayBillDownloads(Merchants merchants, AlipayEndpoint endpoint, Duration downloadTimeout) {
        this.merchants = Objects.requireNonNull(merchants, "merchants");
        this.clients = new AlipayClients(endpoint);
        this.downloadTimeout = Objects.requireNonNull(downloadTimeout, "downloadTimeout");
        this.http = HttpClient.newBuilder()
            .connectTimeout(endpoint.connectTimeout())
            .followRedirects(HttpClient.Redirect.NORMAL)
            .build();
    }

    @Override
    public Channel channel() {
        return Channel.ALIPAY;
    }

    @Override
    public BillFetch fetch(BillRequest request) {
        String whose = "alipay app " + request.merchantId().value()
                + request.spMerchantId().map(sp -> " under " + sp.value()).orElse("");
        Optional<Merchant> account = merchants.of(Channel.ALIPAY, request.merchantId(), request.spMerchantId());
        BillFetch fetched;
        if (account.isEmpty()) {
            fetched = new BillFetch.Failed("no credentials: the merchants file has no " + whose);
        }
        else {
            fetched = clients.of(account.get())
                .map(sdk -> ask(sdk, request))
                .orElseGet(() -> new BillFetch.Failed("no credentials: the merchants file gives " + whose
                        + " no app private key or Alipay public key"));
        }
        if (fetched instanceof BillFetch.Failed) {
            log.warn("alipay bill of {} for {}: {}", whose, request.day(), describe(fetched));
        }
        else {
            log.info("alipay bill of {} for {}: {}", whose, request.day(), describe(fetched));
        }
        return fetched;
    }

    private BillFetch ask(AlipayClient sdk, BillRequest request) {
        AlipayDataDataserviceBillDownloadurlQueryModel model = new AlipayDataDataserviceBillDownloadurlQueryModel();
        model.setBillType("trade");
        model.setBillDate(request.day().toString());
        AlipayDataDataserviceBillDownloadurlQueryRequest query = new AlipayDataDataserviceBillDownloadurlQueryRequest();
        query.setBizModel(model);
        String appAuthToken = request.spMerchantId().isPresent() ? request.merchantId().value() : null;
        AlipayDataDataserviceBillDownloadurlQueryResponse answer;
        try {
            answer = sdk.execute(query, null, appAuthToken);
        }
        catch (AlipayApiException | RuntimeException e) {
            return new BillFetch.Failed("alipay bill query: no verified answer (" + cause(e) + ")");
        }
        if (SUCCESS.equals(answer.getCode())) {
            String url = answer.getBillDownloadUrl();
            return (url == null || url.isBlank())
                    ? new BillFetch.Failed("alipay bill query: " + SUCCESS + " without bill_download_url")
                    : download(url);
        }
        if (NOT_EXIST.equals(answer.getSubCode())) {
            return new BillFetch.NotReady(NOT_EXIST, String.valueOf(answer.getSubMsg()));
        }
        return new BillFetch.Failed("alipay bill query: " + answer.getCode()
                + Optional.ofNullable(answer.getSubCode()).map(s -> " " + s).orElse(""));
    }

    private BillFetch download(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        }
        catch (IllegalArgumentException e) {
            return new BillFetch.Failed("alipay bill download: bill_download_url is not a URL");
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
            return new BillFetch.Failed("alipay bill download: bill_download_url is not http(s)");
        }
        HttpRequest get = HttpRequest.newBuilder(uri).timeout(downloadTimeout).GET().build();
        try {
            HttpResponse<InputStream> response = http.send(get, HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                response.body().close();
                return new BillFetch.Failed("alipay bill download: HTTP " + response.statusCode()
                        + (response.statusCode() == 404 ? " (the link expired or is unknown)" : ""));
            }
            long length = response.headers().firstValueAsLong("Content-Length").orElse(-1);
            return new BillFetch.Ready(new BillFile(response.body(), length, Optional.empty(), Optional.empty()));
        }
        catch (IOException e) {
            return new BillFetch.Failed("alipay bill download: " + cause(e));
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new BillFetch.Failed("alipay bill download: interrupted");
        }
    }

    private static String describe(BillFetch fetched) {
        return switch (fetched) {
            case BillFetch.Ready ready -> "ready, " + ready.file().length() + " bytes";
            case BillFetch.NotReady notReady -> "not ready (" + notReady.code() + ")";
            case BillFetch.Failed failed -> "failed: " + failed.reason();
        };
    }

    /** The innermost exception's class: never its message, which may quote the answer. */
    private static String cause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName();
    }

}
