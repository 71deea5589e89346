package io.paypipe.launcher;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.bill.BillZones;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;

/**
 * The demo's reconciliation: for each (channel, merchant, day) the demo paid on (read
 * from the ledger by the demo's out_trade_no prefixes; the day in the channel's zone),
 * one RERUN through reconcile-service's API ({@code POST /recon/runs}, as
 * {@code ./paypipe recon run} does), the bill downloaded from the sandbox the channel's
 * way, then each batch polled ({@code GET /recon/batches/{id}}) until it ends. The
 * sandbox serves today's bills as they stand and reconcile-service accepts today while
 * the demo runs ({@link #SANDBOX_SETTINGS}, {@link #RECONCILE_SETTINGS}): no real channel
 * has a bill of a day not over.
 */
final class DemoReconciliation {

    /** The sandbox's settings while the demo runs: today's bills served. */
    static final Map<String, String> SANDBOX_SETTINGS = Map.of("sandbox.bills.current-day-billed", "true");

    /** reconcile-service's settings while the demo runs: today may be reconciled. */
    static final Map<String, String> RECONCILE_SETTINGS = Map.of("reconcile.bill.current-day-allowed", "true");

    private static final Duration POLL = Duration.ofMillis(200);

    /** One bill to reconcile. */
    private record Day(Channel channel, String merchant, LocalDate day) {
    }

    private final LocalPipeline pipeline;

    private final PrintStream out;

    private final ReconcileApi api;

    DemoReconciliation(LocalPipeline pipeline, PrintStream out) {
        this.pipeline = pipeline;
        this.out = out;
        this.api = new ReconcileApi(pipeline.settings().port(PipelineService.RECONCILE),
                pipeline.settings().accounts().operator());
    }

    /**
     * Reconciles every day the orders {@code prefixes}* were paid on; gives up waiting at
     * {@code timeout} after the start.
     */
    DemoReconciliationResult run(List<String> prefixes, Duration timeout) {
        Instant start = Instant.now();
        Instant deadline = start.plus(timeout);
        List<Day> days = days(prefixes);
        out.printf("demo: reconciling %d bills of the days the demo paid on (%s), RERUN through POST %s/recon/runs%n",
                days.size(),
                String.join(", ", days.stream().map(d -> d.channel().code() + " " + d.merchant()).toList()),
                api.base());
        Map<Day, Long> batches = new LinkedHashMap<>();
        Map<Day, String> refused = new LinkedHashMap<>();
        for (Day d : days) {
            ReconcileApi.Answer started = api.startRun(d.channel(), d.merchant(), d.day(), "RERUN");
            if (started.accepted()) {
                batches.put(d, started.body().path("batchId").asLong());
            }
            else {
                refused.put(d, started.status() + " " + started.text());
            }
        }
        Map<Day, JsonNode> finished = new LinkedHashMap<>();
        while (finished.size() < batches.size() && Instant.now().isBefore(deadline)) {
            batches.forEach((d, id) -> {
                if (!finished.containsKey(d)) {
                    JsonNode batch = api.batch(id).body();
                    String status = batch.path("status").asString(DemoReconciliationResult.RUNNING);
                    if (!status.equals(DemoReconciliationResult.RUNNING)) {
                        finished.put(d, batch);
                        out.printf("demo: batch %d %s %s %s: %s%n", id, d.channel().code(), d.merchant(), d.day(),
                                status);
                    }
                }
            });
            sleep();
        }
        List<DemoReconciliationResult.Bill> bills = new ArrayList<>();
        for (Day d : days) {
            bills.add(batches.containsKey(d) ? bill(d, batches.get(d)) : notStarted(d, refused.get(d)));
        }
        return new DemoReconciliationResult(bills, Duration.between(start, Instant.now()));
    }

    /** The batch as it stands now. */
    private DemoReconciliationResult.Bill bill(Day d, long batchId) {
        JsonNode b = api.batch(batchId).body();
        List<String> reasons = new ArrayList<>();
        b.path("reasons").forEach(r -> reasons.add(r.asString()));
        Map<String, Long> byCategory = new LinkedHashMap<>();
        b.path("openByCategory").properties().forEach(e -> byCategory.put(e.getKey(), e.getValue().asLong()));
        return new DemoReconciliationResult.Bill(d.channel().code(), d.merchant(), d.day(), batchId,
                b.path("status").asString(DemoReconciliationResult.RUNNING), reasons, b.path("rowsRead").asLong(),
                b.path("payments").asLong(), b.path("refunds").asLong(), b.path("fees").asLong(),
                b.path("compared").asLong(), b.path("diffsOpen").asLong(), byCategory);
    }

    private static DemoReconciliationResult.Bill notStarted(Day d, String why) {
        return new DemoReconciliationResult.Bill(d.channel().code(), d.merchant(), d.day(), 0,
                DemoReconciliationResult.NOT_STARTED, List.of(why), 0, 0, 0, 0, 0, 0, Map.of());
    }

    /**
     * The (channel, merchant, day) of each payment of the orders {@code prefixes}* in the
     * ledger, the day in the channel's zone, by channel, merchant and day.
     */
    private List<Day> days(List<String> prefixes) {
        JdbcClient jdbc = JdbcClient.create(pipeline.bean(PipelineService.PROCESSOR, DataSource.class));
        TreeSet<Day> days = new TreeSet<>(
                Comparator.comparing(Day::channel).thenComparing(Day::merchant).thenComparing(Day::day));
        for (String prefix : prefixes) {
            jdbc.sql("""
                    SELECT l.channel, l.merchant_id, l.paid_at FROM payment_ledger l JOIN orders o ON o.id = l.order_id
                     WHERE o.out_trade_no LIKE :p""").param("p", prefix + "%").query((rs, i) -> {
                Channel channel = Channel.fromCode(rs.getString("channel"));
                LocalDate day = LocalDate.ofInstant(rs.getTimestamp("paid_at").toInstant(), BillZones.zone(channel));
                return new Day(channel, rs.getString("merchant_id"), day);
            }).list().forEach(days::add);
        }
        return List.copyOf(days);
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

}
