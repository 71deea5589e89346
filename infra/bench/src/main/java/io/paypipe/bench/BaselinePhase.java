package io.paypipe.bench;

import io.paypipe.bench.baseline.SyncBaseline;
import io.paypipe.bench.load.AckStats;
import io.paypipe.bench.load.Delivery;
import io.paypipe.bench.load.LoadRunner;
import io.paypipe.bench.report.Latency;
import io.paypipe.bench.report.PhaseSummary;
import io.paypipe.bench.product.BenchOrder;
import io.paypipe.bench.product.ProcessUsage;
import io.paypipe.bench.product.SandboxClient;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Set;
import javax.sql.DataSource;

/**
 * One phase against the synchronous baseline (the articles' design: the callback
 * reserves, runs the business transaction and calls downstream before it answers), with
 * the same signed notifications, the same database and the same offered rate as the
 * pipeline's phase it is compared with.
 */
final class BaselinePhase {

    private final BenchOptions options;

    private final SandboxClient sandbox;

    private final DataSource dataSource;

    private final LoadRunner runner;

    private final PrintStream out;

    private final List<Merchant> merchants;

    private final Random random = new Random(7);

    BaselinePhase(BenchOptions options, SandboxClient sandbox, DataSource dataSource, LoadRunner runner,
            PrintStream out) {
        this.options = options;
        this.sandbox = sandbox;
        this.dataSource = dataSource;
        this.runner = runner;
        this.out = out;
        this.merchants = MerchantsFile.read(options.merchantsFile()).merchants();
    }

    PhaseSummary atRate(int rate, Duration delay) {
        String label = "sync baseline, " + rate + "/s, downstream " + delay.toMillis() + " ms";
        String prefix = "SYNC" + Long.toString(System.currentTimeMillis(), 36).toUpperCase() + "-";
        int orderCount = Plans.ordersFor((long) rate * options.step().toSeconds(), options.duplicatePercent());
        List<BenchOrder> orders = Plans.orders(prefix, orderCount, sandbox.wechatMerchants(), random);
        try (SyncBaseline baseline = SyncBaseline.start(SyncBaseline.Settings.of(dataSource, merchants, delay))) {
            baseline.createOrders(orders.stream()
                .map(o -> new SyncBaseline.BaselineOrder(o.merchantId(), o.outTradeNo(), o.amountFen()))
                .toList());
            List<Delivery> sends = Plans.withDuplicates(sandbox.sign(orders), options.duplicatePercent(), random);
            Set<String> acked = ConcurrentHashMap.newKeySet();
            ProcessUsage.Cpu before = ProcessUsage.cpuNow();
            AckStats ack = runner.atRate(label, baseline.notifyUri(), sends, rate, options.step(),
                    new LoadRunner.SendListener() {
                        @Override
                        public void sending(String outTradeNo, long nanos) {
                        }

                        @Override
                        public void acked(String outTradeNo) {
                            acked.add(outTradeNo);
                        }
                    });
            ProcessUsage.Cpu cpu = ProcessUsage.cpuNow().minus(before);
            SyncBaseline.Effects effects = baseline.settledEffects(prefix, Duration.ofMinutes(2));
            // the baseline answers only after its work: what it acknowledged is done (or
            // failed and awaits its retry job)
            boolean exact = effects.ordersWithExtraLedgerRows() == 0 && effects.ordersWithExtraDownstreamCalls() == 0
                    && effects.ledgerRows() == effects.paidOrders()
                    && effects.paidOrders() + effects.businessFailures() >= acked.size();
            out.printf("bench: %s: %d acked (%.0f/s), ack p99 %.1f ms, within 5 s %.1f%%, errors %s, effects %s%n",
                    label, ack.accepted(), ack.acceptedPerSecond(), ack.millisAt(99), ack.shareWithinBudget() * 100,
                    ack.errors(), exact ? "exact" : "NOT EXACT " + effects);
            Map<String, Long> counts = new LinkedHashMap<>();
            counts.put("ackedOrders", (long) acked.size());
            counts.put("paidOrders", effects.paidOrders());
            counts.put("ledgerRows", effects.ledgerRows());
            counts.put("ordersWithExtraLedgerRows", effects.ordersWithExtraLedgerRows());
            counts.put("downstreamCalls", effects.downstreamCalls());
            counts.put("ordersWithExtraDownstreamCalls", effects.ordersWithExtraDownstreamCalls());
            counts.put("businessFailures", effects.businessFailures());
            return PhaseSummary.of(label, "sync-baseline", "rate", rate, delay.toMillis(), ack, cpu,
                    effects.paidOrders(), 0, new Latency(0, 0, 0, 0, 0), exact, counts);
        }
    }

}
