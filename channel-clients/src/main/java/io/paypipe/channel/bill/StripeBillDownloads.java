package io.paypipe.channel.bill;

import com.stripe.StripeClient;
import com.stripe.exception.StripeException;
import io.paypipe.channel.Merchants;
import io.paypipe.channel.bill.StripeReportRuns.Outcome;
import io.paypipe.channel.stripe.StripeClients;
import io.paypipe.channel.stripe.StripeEndpoint;
import io.paypipe.core.id.Channel;
import io.paypipe.core.merchant.Merchant;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stripe's daily bill of an account: two report runs over the UTC day through stripe-java
 * ({@link StripeReportRuns}), {@code balance_change_from_activity.summary.1} with
 * {@link #SUMMARY_COLUMNS} and {@code balance_change_from_activity.itemized.3} with
 * {@link #ITEMIZED_COLUMNS} (what reconcile-service's Stripe parsers accept), polled for
 * at most {@code runWait}; then their files' contents, downloaded with the JDK's
 * {@link HttpClient} and the account's secret key as bearer, each handed on as the
 * response's stream (never buffered): the summary as {@link BillFile#summary()}, the
 * itemized report as the body, {@code length} its {@code Content-Length}.
 *
 * <pre>
 * a run failed with data_not_available (the day is not over)  -> NotReady(data_not_available)
 * the itemized run failed otherwise, or still pending after runWait -> Failed
 * the summary run failed otherwise                            -> Ready without summary (a guard blocks it)
 * no secret key, an error answer, I/O, a download that is not 200 -> Failed
 * </pre> Logs name the account, the day and the outcome, never a key or a body.
 */
public final class StripeBillDownloads implements BillDownloads {

    public static final String ITEMIZED = "balance_change_from_activity.itemized.3";

    public static final String SUMMARY = "balance_change_from_activity.summary.1";

    /** The itemized report's columns, in this order (reconcile's StripeBillParser). */
    public static final List<String> ITEMIZED_COLUMNS = List.of("balance_transaction_id", "created_utc",
            "available_on_utc", "currency", "gross", "fee", "net", "reporting_category", "source_id", "description",
            "payment_intent_id", "charge_id", "payment_metadata[out_trade_no]", "refund_metadata[refund_no]");

    /** The summary report's columns, in this order (reconcile's StripeSummaryParser). */
    public static final List<String> SUMMARY_COLUMNS = List.of("reporting_category", "currency", "count", "gross",
            "fee", "net");

    static final String DATA_NOT_AVAILABLE = "data_not_available";

    private static final Logger log = LoggerFactory.getLogger(StripeBillDownloads.class);

    private final Merchants merchants;

    private final StripeClients clients;

    private final StripeReportRuns runs;

    private final HttpClient http;

    private final Duration readTimeout;

    /**
     * @param runWait how long the report runs may stay pending before the fetch gives up
     * (Stripe's take minutes; the sandbox's finish at once)
     * @param pollInterval how often the runs are read while pending
     */
    public StripeBillDownloads(Merchants merchants, StripeEndpoint endpoint, Duration runWait, Duration pollInterval) {
        if (!runWait.isPositive() || !pollInterval.isPositive()) {
            throw new IllegalArgumentException("the report runs' wait and poll interval must be positive");
        }
        this.merchants = merchants;
        this.clients = new StripeClients(endpoint);
        this.runs = new StripeReportRuns(runWait, pollInterval);
        this.http = HttpClient.newBuilder().connectTimeout(endpoint.connectTimeout()).build();
        this.readTimeout = endpoint.readTimeout();
    }

    @Override
    public Channel channel() {
        return Channel.STRIPE;
    }

    @Override
    public BillFetch fetch(BillRequest request) {
        Optional<Merchant> merchant = merchants.of(Channel.STRIPE, request.merchantId(), request.spMerchantId());
        Optional<StripeClient> client = merchant.flatMap(clients::of);
        BillFetch fetch = client.isEmpty() ? new BillFetch.Failed(
                "no credentials: the merchants file gives stripe account " + request.merchantId() + " no secret key")
                : fetch(client.get(), merchant.get().stripe().secretKey(), request);
        if (fetch instanceof BillFetch.Failed) {
            log.warn("stripe bill {} {}: {}", request.merchantId(), request.day(), describe(fetch));
        }
        else {
            log.info("stripe bill {} {}: {}", request.merchantId(), request.day(), describe(fetch));
        }
        return fetch;
    }

    private BillFetch fetch(StripeClient client, String secretKey, BillRequest request) {
        long start = request.day().atStartOfDay(ZoneOffset.UTC).toEpochSecond();
        long end = request.day().plusDays(1).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
        List<Outcome> outcomes;
        try {
            outcomes = runs.run(client, start, end,
                    List.of(Map.entry(SUMMARY, SUMMARY_COLUMNS), Map.entry(ITEMIZED, ITEMIZED_COLUMNS)));
        }
        catch (StripeException e) {
            return new BillFetch.Failed("stripe report run: " + e.getClass().getSimpleName() + " (HTTP "
                    + e.getStatusCode() + (e.getCode() == null ? "" : ", " + e.getCode()) + ")");
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new BillFetch.Failed("interrupted while waiting for the stripe report runs");
        }
        Outcome summary = outcomes.get(0);
        Outcome itemized = outcomes.get(1);
        for (Outcome outcome : outcomes) {
            if (outcome instanceof Outcome.Failed failed && failed.error().startsWith(DATA_NOT_AVAILABLE)) {
                return new BillFetch.NotReady(DATA_NOT_AVAILABLE, failed.error());
            }
        }
        return switch (itemized) {
            case Outcome.Failed failed ->
                new BillFetch.Failed("stripe report run " + failed.id() + " failed: " + failed.error());
            case Outcome.Pending pending -> new BillFetch.Failed(
                    "stripe report run " + pending.id() + " still " + pending.status() + " when the wait was over");
            case Outcome.Succeeded file -> switch (summary) {
                case Outcome.Pending pending -> new BillFetch.Failed(
                        "stripe report run " + pending.id() + " still " + pending.status() + " when the wait was over");
                case Outcome.Failed failed -> {
                    log.warn("stripe bill {} {}: the summary report run {} failed, the bill has no summary",
                            request.merchantId(), request.day(), failed.id());
                    yield download(secretKey, file.url(), Optional.empty());
                }
                case Outcome.Succeeded summaryFile -> download(secretKey, file.url(), Optional.of(summaryFile.url()));
            };
        };
    }

    /** The summary's contents (when there is one) opened first, then the body's. */
    private BillFetch download(String secretKey, String bodyUrl, Optional<String> summaryUrl) {
        Optional<InputStream> summary = Optional.empty();
        try {
            if (summaryUrl.isPresent()) {
                summary = Optional.of(open(secretKey, summaryUrl.get()).body());
            }
            HttpResponse<InputStream> body = open(secretKey, bodyUrl);
            return new BillFetch.Ready(new BillFile(body.body(),
                    body.headers().firstValueAsLong("Content-Length").orElse(-1), Optional.empty(), summary));
        }
        catch (IOException e) {
            closeQuietly(summary);
            return new BillFetch.Failed("stripe file download: " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
        catch (InterruptedException e) {
            closeQuietly(summary);
            Thread.currentThread().interrupt();
            return new BillFetch.Failed("interrupted during the stripe file download");
        }
    }

    /** The contents' response, its body open; any status but 200 is an IOException. */
    private HttpResponse<InputStream> open(String secretKey, String url) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
            .timeout(readTimeout)
            .header("Authorization", "Bearer " + secretKey)
            .GET()
            .build();
        HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            response.body().close();
            throw new IOException("HTTP " + response.statusCode());
        }
        return response;
    }

    private static void closeQuietly(Optional<InputStream> stream) {
        try {
            if (stream.isPresent()) {
                stream.get().close();
            }
        }
        catch (IOException e) {
            // nothing more to do with a stream already given up
        }
    }

    private static String describe(BillFetch fetch) {
        return switch (fetch) {
            case BillFetch.Ready ready -> "ready, " + ready.file().length() + " bytes"
                    + (ready.file().summary().isPresent() ? " and a summary" : ", no summary");
            case BillFetch.NotReady notReady -> "not ready (" + notReady.code() + ")";
            case BillFetch.Failed failed -> "failed: " + failed.reason();
        };
    }

}
