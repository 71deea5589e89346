package io.paypipe.reconcile.recon.diff;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The comparison of one batch's bill ({@code recon_bill_line}) with the ledger
 * ({@code payment_ledger} plus {@code ledger_correction}), {@code refund} and
 * {@code orders}, all in set-based SQL (a bill of a million lines is never in memory):
 * <ol>
 * <li>every kind of difference is upserted into {@code recon_diff} by its identity
 * ({@link PaymentFindings}, {@link RefundFindings}): a rerun of the day finds its rows
 * again and adds none;</li>
 * <li>"we have it, the channel does not" looks at this batch's lines and those of the
 * latest finished, not blocked batch of the day before and the day after (same channel
 * and merchant): a payment at 23:59:58 Beijing time the ledger dates 00:00:02 is in the
 * bill of the day before;</li>
 * <li>the OPEN differences of the day an earlier batch found and this one did not are
 * RESOLVED ({@code recon:rerun});</li>
 * <li>the payments only the channel has are queried at the channel
 * ({@link ChannelOnlyQueries}).</li>
 * </ol>
 * A batch without lines is compared too: an empty bill on a day we have payments shows
 * them all as LOCAL_ONLY. Each statement commits by itself; a failure is thrown (the
 * batch's run fails) before anything is resolved, and the next run of the day finds
 * everything again. The batch runner calls {@link #compare} once the guards passed.
 */
@Component
public class DiffFinder {

    private static final Logger log = LoggerFactory.getLogger(DiffFinder.class);

    private final PaymentFindings payments;

    private final RefundFindings refunds;

    private final DiffRepository diffs;

    private final BatchLines lines;

    private final ChannelOnlyQueries queries;

    private final FeeRates fees;

    private final Clock clock;

    DiffFinder(PaymentFindings payments, RefundFindings refunds, DiffRepository diffs, BatchLines lines,
            ChannelOnlyQueries queries, FeeRates fees, Clock clock) {
        this.payments = payments;
        this.refunds = refunds;
        this.diffs = diffs;
        this.lines = lines;
        this.queries = queries;
        this.fees = fees;
        this.clock = clock;
    }

    /**
     * Compares the batch of {@code scope} and writes its differences; what it found.
     * Thrown: a database failure.
     */
    public DiffCounts compare(BatchScope scope) {
        Instant now = clock.instant();
        List<Long> batches = withNeighbours(scope);
        payments.channelOnly(scope, now);
        payments.amounts(scope, now);
        Optional<FeeRates.Rate> rate = fees.of(scope.channel(), scope.merchantId());
        if (rate.isPresent()) {
            payments.fees(scope, rate.get(), fees.toleranceMinor(), now);
        }
        payments.feeLines(scope, now);
        payments.localOnly(scope, batches, now);
        refunds.missing(scope, now);
        refunds.notSucceeded(scope, now);
        refunds.amounts(scope, now);
        refunds.localOnly(scope, batches, now);
        int resolved = diffs.resolveVanished(scope, now);
        queries.schedule(scope);
        Map<Category, Long> open = diffs.openByCategory(scope.batchId());
        DiffCounts counts = new DiffCounts(lines.lines(scope.batchId()),
                open.values().stream().mapToLong(Long::longValue).sum(), resolved, open);
        log.info("{}: {} lines compared (with batches {}), {} differences open {}, {} resolved", scope,
                counts.compared(), batches, counts.open(), counts.openByCategory(), counts.resolved());
        return counts;
    }

    /** This batch and the neighbouring days' latest finished ones. */
    private List<Long> withNeighbours(BatchScope scope) {
        List<Long> batches = new ArrayList<>(List.of(scope.batchId()));
        lines.latestFinished(scope.channel(), scope.merchantId(), scope.day().minusDays(1)).ifPresent(batches::add);
        lines.latestFinished(scope.channel(), scope.merchantId(), scope.day().plusDays(1)).ifPresent(batches::add);
        return batches;
    }

}
