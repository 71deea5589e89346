package io.paypipe.sandbox.stripe;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One report run ({@code frr_…}, object {@code reporting.report_run}) of one account:
 * {@code pending} when created, then {@code succeeded} with its {@link StripeReportFile}
 * as {@code result}, or {@code failed} with {@code error} (decided when it was created,
 * e.g. an interval whose data is not available yet). It finishes at the first reading at
 * or after {@code readyAt}.
 */
final class StripeReportRun {

    private final String id;

    private final String account;

    private final String reportType;

    private final long intervalStart;

    private final long intervalEnd;

    private final List<String> columns;

    private final Instant created;

    private final Instant readyAt;

    private final Optional<String> failure;

    private String status = "pending";

    private StripeReportFile result;

    private Long succeededAt;

    StripeReportRun(String id, String account, String reportType, long intervalStart, long intervalEnd,
            List<String> columns, Instant created, Instant readyAt, Optional<String> failure) {
        this.id = id;
        this.account = account;
        this.reportType = reportType;
        this.intervalStart = intervalStart;
        this.intervalEnd = intervalEnd;
        this.columns = List.copyOf(columns);
        this.created = created;
        this.readyAt = readyAt;
        this.failure = failure;
    }

    String account() {
        return account;
    }

    String reportType() {
        return reportType;
    }

    Instant intervalStart() {
        return Instant.ofEpochSecond(intervalStart);
    }

    Instant intervalEnd() {
        return Instant.ofEpochSecond(intervalEnd);
    }

    List<String> columns() {
        return columns;
    }

    String id() {
        return id;
    }

    /**
     * Finishes a pending run when its time has come: failed with its error, or succeeded
     * with the file {@code make} makes. Returns the file made by this call.
     */
    synchronized Optional<StripeReportFile> finishIfDue(Instant now, Supplier<StripeReportFile> make) {
        if (!status.equals("pending") || now.isBefore(readyAt)) {
            return Optional.empty();
        }
        if (failure.isPresent()) {
            status = "failed";
            return Optional.empty();
        }
        result = make.get();
        succeededAt = now.getEpochSecond();
        status = "succeeded";
        return Optional.of(result);
    }

    /** The ReportRun object, its result's contents at {@code url.apply(file)}. */
    synchronized Map<String, Object> object(Function<StripeReportFile, String> url) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("columns", List.<Object>copyOf(columns));
        parameters.put("interval_end", intervalEnd);
        parameters.put("interval_start", intervalStart);
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("id", id);
        run.put("object", "reporting.report_run");
        run.put("created", created.getEpochSecond());
        run.put("error", status.equals("failed") ? failure.orElseThrow() : null);
        run.put("livemode", false);
        run.put("parameters", parameters);
        run.put("report_type", reportType);
        run.put("result", result == null ? null : result.object(url.apply(result)));
        run.put("status", status);
        run.put("succeeded_at", succeededAt);
        return run;
    }

}
