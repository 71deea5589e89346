package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.bill.BillScenario;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.Settlement;
import io.paypipe.sandbox.bill.SettlementBook;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Stripe's Reports API as the sandbox plays it, for the balance reports of an account's
 * activity built from the {@link SettlementBook} ({@link StripeReportDay},
 * {@link StripeReportCsv}): {@code POST /v1/reporting/report_runs}
 * ({@link StripeReportRequest}), {@code GET /v1/reporting/report_runs/{id}} and
 * {@code GET /v1/files/{id}/contents}. Every call authenticates with the account's secret
 * key and sees only that account's runs and files. A run is {@code pending} when created
 * and finishes at the first reading {@code runDelay} or more after it: {@code failed}
 * with {@code data_not_available} when its interval ends after the sandbox clock's now
 * (the day is not over), {@code failed} for the summary report of a day armed
 * {@link BillScenario#NO_SUMMARY}, else {@code succeeded} with its file. Runs and files
 * are kept in memory for the sandbox's life (a file keeps what its run listed, not its
 * bytes).
 */
public final class StripeReportApi {

    /** What a file download answers: refused, or the download. */
    sealed interface Contents {

        record Refused(StripeApiResponse answer) implements Contents {
        }

        record Served(StripeReportFile.Download download) implements Contents {
        }

    }

    private final StripePayments payments;

    private final SettlementBook book;

    private final BillScenarios scenarios;

    private final Clock clock;

    private final Duration runDelay;

    private final StripeApiKeys keys;

    private final Map<String, StripeReportRun> runs = new ConcurrentHashMap<>();

    private final Map<String, StripeReportFile> files = new ConcurrentHashMap<>();

    public StripeReportApi(StripePayments payments, SettlementBook book, BillScenarios scenarios, Clock clock,
            Duration runDelay) {
        this.payments = payments;
        this.book = book;
        this.scenarios = scenarios;
        this.clock = clock;
        this.runDelay = runDelay;
        this.keys = new StripeApiKeys(payments.merchants());
    }

    /**
     * {@code POST /v1/reporting/report_runs} (form parameters, repeated ones in order).
     */
    public StripeApiResponse create(String authorization, Map<String, String[]> params, String apiBase) {
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return StripeApiKeys.unauthenticated(authorization);
        }
        StripeReportRequest.Parsed parsed = StripeReportRequest.parse(params);
        if (parsed instanceof StripeReportRequest.Parsed.Invalid invalid) {
            return invalid.answer();
        }
        StripeReportRequest request = ((StripeReportRequest.Parsed.Valid) parsed).request();
        String account = merchant.get().account();
        Instant now = clock.instant();
        StripeReportRun run = new StripeReportRun("frr_" + StripeIds.random(24), account, request.reportType(),
                request.intervalStart(), request.intervalEnd(), request.columns(), now, now.plus(runDelay),
                failure(account, request, now));
        runs.put(run.id(), run);
        return ok(run, apiBase);
    }

    /** {@code GET /v1/reporting/report_runs/{id}}. */
    public StripeApiResponse retrieve(String authorization, String id, String apiBase) {
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return StripeApiKeys.unauthenticated(authorization);
        }
        StripeReportRun run = runs.get(id);
        if (run == null || !run.account().equals(merchant.get().account())) {
            return StripeApiErrors.noSuch("reporting.report_run", id, "id");
        }
        run.finishIfDue(clock.instant(), () -> file(run)).ifPresent(file -> files.put(file.id(), file));
        return ok(run, apiBase);
    }

    /** {@code GET /v1/files/{id}/contents}. */
    Contents contents(String authorization, String fileId) {
        Optional<StripeMerchant> merchant = keys.authenticate(authorization);
        if (merchant.isEmpty()) {
            return new Contents.Refused(StripeApiKeys.unauthenticated(authorization));
        }
        StripeReportFile file = files.get(fileId);
        if (file == null || !file.account().equals(merchant.get().account())) {
            return new Contents.Refused(StripeApiErrors.noSuch("file", fileId, "id"));
        }
        return new Contents.Served(file.download());
    }

    /** Why the run will fail, decided when it is created; empty when it will succeed. */
    private Optional<String> failure(String account, StripeReportRequest request, Instant now) {
        Instant end = Instant.ofEpochSecond(request.intervalEnd());
        if (end.isAfter(now) && !currentDayBilled(request, now)) {
            return Optional.of("data_not_available: balance data is available up to " + now.getEpochSecond()
                    + "; parameters[interval_end] " + request.intervalEnd() + " is later. Try again once the"
                    + " interval is over.");
        }
        if (request.reportType().equals(StripeReportCsv.SUMMARY) && StripeReportDay.scenarioOf(scenarios, account,
                Instant.ofEpochSecond(request.intervalStart()), end) == BillScenario.NO_SUMMARY) {
            return Optional.of("internal_error: the report could not be generated. Please try again later.");
        }
        return Optional.empty();
    }

    /**
     * The demo's exception ({@link BillScenarios#currentDayBilled()}): the interval is
     * today's UTC day, reported as it stands now.
     */
    private boolean currentDayBilled(StripeReportRequest request, Instant now) {
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        return scenarios.currentDayBilled()
                && request.intervalStart() == today.atStartOfDay(ZoneOffset.UTC).toEpochSecond()
                && request.intervalEnd() == today.plusDays(1).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
    }

    /** The run's file: what the interval lists now, under the day's scenario. */
    private StripeReportFile file(StripeReportRun run) {
        StripeReportDay day = StripeReportDay.of(book, scenarios, run.account(), run.intervalStart(),
                run.intervalEnd());
        boolean summary = run.reportType().equals(StripeReportCsv.SUMMARY);
        Supplier<Iterator<byte[]>> records = summary ? () -> List
            .of(StripeReportCsv.summary(run.columns(), day.summarized(),
                    day.scenario() == BillScenario.SUMMARY_DISAGREES))
            .iterator() : () -> StripeReportCsv.itemized(run.columns(), day.itemized(), this::chargeId);
        return new StripeReportFile("file_" + StripeIds.random(24), run.account(), run.id(),
                clock.instant().getEpochSecond(), records, summary ? BillScenario.COMPLETE : day.scenario());
    }

    /**
     * The charge of a settlement's PaymentIntent, as the sandbox's Stripe made it; for a
     * PaymentIntent it does not hold (recorded through the control endpoint, generated),
     * {@code ch_} and the PaymentIntent's id part.
     */
    private String chargeId(Settlement settlement) {
        return payments.book()
            .find(settlement.merchantId(), settlement.channelTradeNo())
            .map(p -> p.spec().chargeId())
            .orElseGet(() -> {
                String tradeNo = settlement.channelTradeNo();
                return "ch_" + (tradeNo.startsWith("pi_") ? tradeNo.substring(3) : tradeNo);
            });
    }

    private static StripeApiResponse ok(StripeReportRun run, String apiBase) {
        return StripeApiResponse.of(200,
                StripeJson.pretty(run.object(file -> apiBase + "/v1/files/" + file.id() + "/contents")));
    }

}
