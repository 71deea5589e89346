package io.paypipe.bench.bill;

import io.paypipe.bench.report.BillSummary;
import io.paypipe.bench.product.ProcessUsage;
import java.util.Optional;

/**
 * The batch's time split from what the polls saw: the reading's length from the service's
 * own rate (rows read / rows per second, frozen when the comparison begins: exact to the
 * rate's rounding), else, when no poll fell into the comparison, from the rate at the
 * last poll while reading (an estimate, said so); the comparison is the rest of the wall
 * time.
 */
final class BillTimings {

    private BillTimings() {
    }

    /**
     * @param lastComparing the progress of the last poll that saw COMPARING
     * @param lastReading the progress of the last poll that saw READING
     */
    static BillSummary.Timing of(long lines, long wallMillis, long pollMillis,
            Optional<BatchState.Progress> lastComparing, Optional<BatchState.Progress> lastReading,
            ProcessUsage.Cpu cpu, BatchState end) {
        Optional<BatchState.Progress> rate = lastComparing.filter(p -> p.rowsPerSecond() > 0);
        String readFrom = "the service's rate when the comparison began";
        if (rate.isEmpty()) {
            rate = lastReading.filter(p -> p.rowsPerSecond() > 0);
            readFrom = "the service's rate at the last poll while reading (no poll fell into the comparison)";
        }
        long readRate = rate.map(BatchState.Progress::rowsPerSecond).orElse(0L);
        long readMillis = rate.map(p -> Math.min(wallMillis, end.rowsRead() * 1000 / p.rowsPerSecond())).orElse(0L);
        return new BillSummary.Timing(wallMillis,
                wallMillis == 0 ? 0 : Math.round(lines * 10_000.0 / wallMillis) / 10.0, readMillis, readRate,
                rate.isPresent() ? readFrom : "not seen", wallMillis - readMillis, pollMillis, cpu.productMillis(),
                wallMillis == 0 ? 0 : Math.round(cpu.productMillis() * 100.0 / wallMillis) / 100.0, end.startedAt(),
                end.finishedAt());
    }

}
