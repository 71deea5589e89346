package io.paypipe.reconcile.recon.web;

import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.batch.RunProgress.Progress;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A batch as {@code GET /recon/batches/{id}} shows it: its row, the open differences it
 * found by category ({@code recon_diff} rows whose last finder it is), and while it runs
 * on this instance its progress.
 */
record BatchView(long id, String channel, String merchantId, LocalDate day, String kind, int runNo, String source,
        String status, List<String> reasons, long rowsRead, long billBytes, long payments, long refunds, long fees,
        Optional<Long> summaryLines, Optional<Long> summaryPaidMinor, Optional<Long> summaryRefundedMinor,
        Optional<String> currency, long compared, long diffsOpen, long diffsResolved, Map<String, Long> openByCategory,
        Optional<String> confirmedBy, Instant startedAt, Optional<Instant> finishedAt, Optional<Progress> progress) {

    static BatchView of(Batch b, Map<String, Long> openByCategory, Optional<Progress> progress) {
        return new BatchView(b.id(), b.channel().code(), b.merchantId(), b.day(), b.kind().code(), b.runNo(),
                b.source(), b.status().name(), b.reasonLines(), b.rowsRead(), b.billBytes(), b.payments(), b.refunds(),
                b.fees(), b.summaryLines(), b.summaryPaidMinor(), b.summaryRefundedMinor(), b.currency(), b.compared(),
                b.diffsOpen(), b.diffsResolved(), openByCategory, b.confirmedBy(), b.startedAt(), b.finishedAt(),
                progress);
    }

}
