package io.paypipe.channel.bill;

import com.stripe.StripeClient;
import com.stripe.exception.StripeException;
import com.stripe.model.reporting.ReportRun;
import com.stripe.param.reporting.ReportRunCreateParams;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs Stripe reports through stripe-java's {@code StripeClient} ({@code POST
 * /v1/reporting/report_runs}) and polls them ({@code GET /v1/reporting/report_runs/{id}})
 * every {@code pollInterval} until each is {@code succeeded} or {@code failed}, or until
 * {@code wait} has passed since the first was created.
 */
final class StripeReportRuns {

    /** What became of one run. */
    sealed interface Outcome {

        /** Succeeded: its file's contents are at {@code url}. */
        record Succeeded(String id, String url) implements Outcome {
        }

        /** Failed, Stripe's {@code error} saying why. */
        record Failed(String id, String error) implements Outcome {
        }

        /** Still pending (or processing) when the wait was over. */
        record Pending(String id, String status) implements Outcome {
        }

    }

    private final Duration wait;

    private final Duration pollInterval;

    StripeReportRuns(Duration wait, Duration pollInterval) {
        this.wait = wait;
        this.pollInterval = pollInterval;
    }

    /**
     * Creates one run per {@code reports} entry (report type -> columns) over
     * {@code [start, end)} (Unix seconds) and waits for them; the outcomes in the same
     * order.
     * @throws StripeException when Stripe refuses or does not answer a call
     * @throws InterruptedException when interrupted while waiting
     */
    List<Outcome> run(StripeClient client, long start, long end, List<Map.Entry<String, List<String>>> reports)
            throws StripeException, InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        ReportRun[] runs = new ReportRun[reports.size()];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = client.v1().reporting().reportRuns().create(params(reports.get(i), start, end));
        }
        while (true) {
            boolean open = false;
            for (int i = 0; i < runs.length; i++) {
                if (!finished(runs[i])) {
                    runs[i] = client.v1().reporting().reportRuns().retrieve(runs[i].getId());
                    open |= !finished(runs[i]);
                }
            }
            if (!open || System.nanoTime() - deadline >= 0) {
                break;
            }
            Thread.sleep(pollInterval);
        }
        return List.of(runs).stream().map(StripeReportRuns::outcome).toList();
    }

    private static ReportRunCreateParams params(Map.Entry<String, List<String>> report, long start, long end) {
        return ReportRunCreateParams.builder()
            .setReportType(report.getKey())
            .setParameters(ReportRunCreateParams.Parameters.builder()
                .setIntervalStart(start)
                .setIntervalEnd(end)
                .addAllColumn(report.getValue())
                .build())
            .build();
    }

    private static boolean finished(ReportRun run) {
        return "succeeded".equals(run.getStatus()) || "failed".equals(run.getStatus());
    }

    private static Outcome outcome(ReportRun run) {
        if ("succeeded".equals(run.getStatus())) {
            Optional<String> url = Optional.ofNullable(run.getResult()).map(file -> file.getUrl());
            return url.<Outcome>map(u -> new Outcome.Succeeded(run.getId(), u))
                .orElseGet(() -> new Outcome.Failed(run.getId(), "succeeded without a result file"));
        }
        if ("failed".equals(run.getStatus())) {
            return new Outcome.Failed(run.getId(), String.valueOf(run.getError()));
        }
        return new Outcome.Pending(run.getId(), String.valueOf(run.getStatus()));
    }

}
