package io.paypipe.reconcile.recon;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.bill.guard.BillDay;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One {@code recon_batch} row: one run of the reconciliation of a merchant's day at a
 * channel.
 *
 * @param runNo the run's number among the runs of its (channel, merchant, day, kind)
 * @param source {@code FETCH} or {@code IMPORT}
 * @param reasons why it was blocked, one {@code GUARD: detail} line per reason
 * @param rowsRead the bill's detail lines read (of which payments, refunds, fees)
 * @param billBytes bytes of the download or file read
 * @param compared lines compared with the ledger and refunds
 * @param diffsOpen differences open after this run (new or still holding)
 * @param diffsResolved open differences of the day this run no longer found
 * @param summaryLines what the bill's own summary says, empty when it has none
 */
public record Batch(long id, Channel channel, String merchantId, LocalDate day, RunKind kind, int runNo, String source,
        BatchStatus status, Optional<String> reasons, long rowsRead, long billBytes, long payments, long refunds,
        long fees, long compared, long diffsOpen, long diffsResolved, Optional<Long> summaryLines,
        Optional<Long> summaryPaidMinor, Optional<Long> summaryRefundedMinor, Optional<String> currency,
        Optional<String> confirmedBy, Instant startedAt, Optional<Instant> finishedAt) {

    public BillDay billDay() {
        return new BillDay(channel, day);
    }

    /** The reasons, one per line. */
    public List<String> reasonLines() {
        return reasons.map((text) -> Arrays.stream(text.split("\n")).filter((l) -> !l.isBlank()).toList())
            .orElse(List.of());
    }

    /** {@code batch 17 (wechatpay 1900000109 2026-11-29 T+1 run 0)}, for logs. */
    public String describe() {
        return "batch " + id + " (" + channel.code() + " " + merchantId + " " + day + " " + kind.code() + " run "
                + runNo + ")";
    }

}
