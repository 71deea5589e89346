package io.paypipe.sandbox.stripe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.stripe.StripeClient;
import com.stripe.exception.AuthenticationException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.model.reporting.ReportRun;
import com.stripe.param.reporting.ReportRunCreateParams;
import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.RunningSandbox;
import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The sandbox's Stripe Reports API called by the official stripe-java
 * {@code StripeClient} (report runs) and the JDK's {@code HttpClient} (the file's
 * contents, as Stripe's docs download them: the secret key as bearer), with the
 * settlements and scenarios armed in-JVM. Every test has a day of its own.
 */
class StripeReportApiTest extends RunningSandbox {

    private static final String ACCOUNT = "acct_1PaypipeSbx0000";

    private static final String OTHER_ACCOUNT = "acct_1PaypipeSbx0001";

    private static final List<String> SUMMARY_COLUMNS = List.of("reporting_category", "currency", "count", "gross",
            "fee", "net");

    private static final String ITEMIZED_TYPE = "balance_change_from_activity.itemized.3";

    private static final String SUMMARY_TYPE = "balance_change_from_activity.summary.1";

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Autowired
    SettlementBook book;

    @Autowired
    BillScenarios scenarios;

    @Test
    void givenAPastDaysSettlementsWhenBothReportsRunThenPendingThenSucceededWithTheirCsvFiles() throws Exception {
        // Given a payment and a refund of a day that is over
        LocalDate day = LocalDate.parse("2026-10-01");
        book.record(Settlement.payment(Channel.STRIPE, ACCOUNT, "ORD-R1", "pi_R1", 10_010, 320, "USD",
                Instant.parse("2026-10-01T08:00:00Z")));
        book.record(Settlement.refund(Channel.STRIPE, ACCOUNT, "ORD-R1", "pi_R1", Optional.of("RF-R1"), "re_R1R", 4_000,
                "USD", Instant.parse("2026-10-01T09:00:00Z")));

        // When the itemized and the summary report of the day are run and read
        ReportRun itemized = client(ACCOUNT).v1().reporting().reportRuns().create(params(day, ITEMIZED_TYPE));
        ReportRun summary = client(ACCOUNT).v1().reporting().reportRuns().create(params(day, SUMMARY_TYPE));
        ReportRun itemizedDone = client(ACCOUNT).v1().reporting().reportRuns().retrieve(itemized.getId());
        ReportRun summaryDone = client(ACCOUNT).v1().reporting().reportRuns().retrieve(summary.getId());

        // Then each was pending, then succeeded with a CSV file under the API base
        assertThat(itemized.getId()).startsWith("frr_");
        assertThat(itemized.getObject()).isEqualTo("reporting.report_run");
        assertThat(itemized.getStatus()).isEqualTo("pending");
        assertThat(itemized.getResult()).isNull();
        assertThat(itemized.getParameters().getColumns()).isEqualTo(StripeReports.BILL_COLUMNS);
        assertThat(itemized.getParameters().getIntervalStart()).isEqualTo(start(day));
        assertThat(itemizedDone.getStatus()).isEqualTo("succeeded");
        assertThat(itemizedDone.getSucceededAt()).isNotNull();
        assertThat(itemizedDone.getResult().getId()).startsWith("file_");
        assertThat(itemizedDone.getResult().getUrl())
            .isEqualTo(apiBase() + "/v1/files/" + itemizedDone.getResult().getId() + "/contents");
        HttpResponse<String> items = download(itemizedDone, ACCOUNT);
        HttpResponse<String> totals = download(summaryDone, ACCOUNT);
        assertThat(items.statusCode()).isEqualTo(200);
        assertThat(items.headers().firstValue("Content-Type"))
            .hasValueSatisfying(t -> assertThat(t).startsWith("text/csv"));
        assertThat(items.headers().firstValueAsLong("Content-Length")).hasValue(itemizedDone.getResult().getSize());
        assertThat(items.body()).isEqualTo(StripeReports.BILL_HEADER + "\n"
                + "txn_R1,2026-10-01 08:00:00,2026-10-03 00:00:00,usd,100.10,3.20,96.90,charge,ch_R1,,"
                + "pi_R1,ch_R1,ORD-R1,\n"
                + "txn_R1R,2026-10-01 09:00:00,2026-10-03 00:00:00,usd,-40.00,0.00,-40.00,refund,re_R1R,REFUND FOR CHARGE,"
                + "pi_R1,ch_R1,ORD-R1,RF-R1\n");
        assertThat(totals.body()).isEqualTo(String.join(",", SUMMARY_COLUMNS) + "\n"
                + "charge,usd,1,100.10,3.20,96.90\n" + "refund,usd,1,-40.00,0.00,-40.00\n");
    }

    @Test
    void givenADayNotOverWhenItsReportRunsThenItFailsDataNotAvailable() throws Exception {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);

        ReportRun run = client(ACCOUNT).v1().reporting().reportRuns().create(params(today, ITEMIZED_TYPE));
        ReportRun done = client(ACCOUNT).v1().reporting().reportRuns().retrieve(run.getId());

        assertThat(run.getStatus()).isEqualTo("pending");
        assertThat(done.getStatus()).isEqualTo("failed");
        assertThat(done.getError()).startsWith("data_not_available");
        assertThat(done.getResult()).isNull();
    }

    @Test
    void givenTheCurrentDayBilledWhenTodaysReportRunsThenItSucceeds() throws Exception {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        scenarios.billCurrentDay(true);
        try {
            ReportRun run = client(ACCOUNT).v1().reporting().reportRuns().create(params(today, ITEMIZED_TYPE));
            ReportRun done = client(ACCOUNT).v1().reporting().reportRuns().retrieve(run.getId());

            assertThat(done.getStatus()).isEqualTo("succeeded");
            assertThat(done.getResult()).isNotNull();
        }
        finally {
            scenarios.billCurrentDay(false);
        }
    }

    @Test
    void givenNoSummaryArmedWhenBothReportsRunThenTheSummaryFailsAndTheItemizedSucceeds() throws Exception {
        LocalDate day = LocalDate.parse("2026-10-02");
        scenarios.arm(Channel.STRIPE, ACCOUNT, day, BillScenario.NO_SUMMARY, 0);

        ReportRun summary = client(ACCOUNT).v1().reporting().reportRuns().create(params(day, SUMMARY_TYPE));
        ReportRun itemized = client(ACCOUNT).v1().reporting().reportRuns().create(params(day, ITEMIZED_TYPE));

        ReportRun summaryDone = client(ACCOUNT).v1().reporting().reportRuns().retrieve(summary.getId());
        assertThat(summaryDone.getStatus()).isEqualTo("failed");
        assertThat(summaryDone.getError()).doesNotStartWith("data_not_available");
        assertThat(client(ACCOUNT).v1().reporting().reportRuns().retrieve(itemized.getId()).getStatus())
            .isEqualTo("succeeded");
    }

    @Test
    void givenAnotherAccountsKeyThenItsRunsAndFilesAreNotFoundAndNoKeyIsUnauthorized() throws Exception {
        // Given a finished run of account 0000
        LocalDate day = LocalDate.parse("2026-10-03");
        ReportRun run = client(ACCOUNT).v1().reporting().reportRuns().create(params(day, SUMMARY_TYPE));
        ReportRun done = client(ACCOUNT).v1().reporting().reportRuns().retrieve(run.getId());

        // When account 0001 reads them, and nobody
        InvalidRequestException missing = catchInvalid(
                () -> client(OTHER_ACCOUNT).v1().reporting().reportRuns().retrieve(run.getId()));
        HttpResponse<String> file = download(done, OTHER_ACCOUNT);
        HttpResponse<String> anonymous = HTTP.send(
                HttpRequest.newBuilder(URI.create(done.getResult().getUrl())).build(),
                HttpResponse.BodyHandlers.ofString());

        // Then
        assertThat(missing.getCode()).isEqualTo("resource_missing");
        assertThat(file.statusCode()).isEqualTo(404);
        assertThat(file.body()).contains("resource_missing");
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThatThrownBy(() -> StripeClient.builder()
            .setApiKey("sk_test_unknown000000000000")
            .setApiBase(apiBase())
            .build()
            .v1()
            .reporting()
            .reportRuns()
            .retrieve(run.getId())).isInstanceOf(AuthenticationException.class);
    }

    @Test
    void givenAnUnknownColumnOrReportTypeThenTheRunIsRefused() {
        LocalDate day = LocalDate.parse("2026-10-04");
        ReportRunCreateParams unknownColumn = ReportRunCreateParams.builder()
            .setReportType(ITEMIZED_TYPE)
            .setParameters(ReportRunCreateParams.Parameters.builder()
                .setIntervalStart(start(day))
                .setIntervalEnd(start(day.plusDays(1)))
                .addColumn("card_brand")
                .build())
            .build();
        ReportRunCreateParams unknownType = ReportRunCreateParams.builder()
            .setReportType("payouts.itemized.3")
            .setParameters(ReportRunCreateParams.Parameters.builder()
                .setIntervalStart(start(day))
                .setIntervalEnd(start(day.plusDays(1)))
                .build())
            .build();

        InvalidRequestException column = catchInvalid(
                () -> client(ACCOUNT).v1().reporting().reportRuns().create(unknownColumn));
        InvalidRequestException type = catchInvalid(
                () -> client(ACCOUNT).v1().reporting().reportRuns().create(unknownType));

        assertThat(column.getParam()).isEqualTo("parameters[columns]");
        assertThat(column.getStatusCode()).isEqualTo(400);
        assertThat(type.getParam()).isEqualTo("report_type");
    }

    private ReportRunCreateParams params(LocalDate day, String type) {
        return ReportRunCreateParams.builder()
            .setReportType(type)
            .setParameters(ReportRunCreateParams.Parameters.builder()
                .setIntervalStart(start(day))
                .setIntervalEnd(start(day.plusDays(1)))
                .addAllColumn(type.equals(SUMMARY_TYPE) ? SUMMARY_COLUMNS : StripeReports.BILL_COLUMNS)
                .build())
            .build();
    }

    private static long start(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    }

    private HttpResponse<String> download(ReportRun run, String account) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(run.getResult().getUrl()))
            .header("Authorization", "Bearer " + merchantEntry(account).stripe().secretKey())
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    private StripeClient client(String account) {
        return StripeClient.builder()
            .setApiKey(merchantEntry(account).stripe().secretKey())
            .setApiBase(apiBase())
            .setMaxNetworkRetries(0)
            .build();
    }

    private String apiBase() {
        return baseUrl() + "/sandbox/stripe";
    }

    private interface StripeCall {

        Object call() throws Exception;

    }

    private static InvalidRequestException catchInvalid(StripeCall call) {
        try {
            call.call();
        }
        catch (InvalidRequestException e) {
            return e;
        }
        catch (Exception e) {
            throw new AssertionError("expected an InvalidRequestException", e);
        }
        throw new AssertionError("expected an InvalidRequestException, the call succeeded");
    }

}
