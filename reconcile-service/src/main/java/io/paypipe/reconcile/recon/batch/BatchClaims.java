package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.bill.guard.Guard;
import io.paypipe.reconcile.bill.guard.Reason;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.BatchStatus;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.RunRequest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * The run-number rule of {@code recon_batch} (migration V12): T+1 and T+3 run once
 * (run_no 0): a start finds the day's run RUNNING or finished and joins it; after a
 * BLOCKED run, or one that died RUNNING (older than {@code reconcile.bill.stale-after},
 * blocked here with reason FAILED and an alert), the next number. Every RERUN takes the
 * next number. Two starts at once compute the same number: the unique key lets one insert
 * in, the other joins the winner's batch, so a day reconciled twice concurrently gives
 * one result.
 */
@Component
class BatchClaims {

    private static final Logger log = LoggerFactory.getLogger(BatchClaims.class);

    private final BatchRepository batches;

    private final ReconAlerts alerts;

    private final Duration staleAfter;

    private final Clock clock;

    BatchClaims(BatchRepository batches, ReconAlerts alerts, ReconcileProperties props, Clock clock) {
        this.batches = batches;
        this.alerts = alerts;
        this.staleAfter = props.bill().staleAfter();
        this.clock = clock;
    }

    Claim claim(RunRequest request) {
        Instant now = clock.instant();
        Optional<Batch> latest = batches.latest(request.channel(), request.merchantId(), request.day(), request.kind());
        if (latest.isEmpty()) {
            return insert(request, 0, now);
        }
        Batch last = latest.get();
        if (request.kind() == RunKind.RERUN) {
            return insert(request, last.runNo() + 1, now);
        }
        return switch (last.status()) {
            case RUNNING -> {
                if (last.startedAt().plus(staleAfter).isAfter(now)) {
                    yield new Claim.Joined(last);
                }
                abandon(last, now);
                yield insert(request, last.runNo() + 1, now);
            }
            case BLOCKED -> insert(request, last.runNo() + 1, now);
            case CLEAN, EMPTY_DAY, DIFFS -> new Claim.Joined(last);
        };
    }

    private Claim insert(RunRequest request, int runNo, Instant now) {
        try {
            long id = batches.insert(request, runNo, now);
            return new Claim.Started(batches.find(id).orElseThrow());
        }
        catch (DuplicateKeyException lost) {
            Batch winner = batches.latest(request.channel(), request.merchantId(), request.day(), request.kind())
                .orElseThrow(() -> new IllegalStateException(
                        "recon " + request + " run " + runNo + ": duplicate key, but no batch of the day", lost));
            log.info("recon {}: started concurrently, joins {}", request, winner.describe());
            return new Claim.Joined(winner);
        }
    }

    private void abandon(Batch dead, Instant now) {
        String reason = new Reason(Guard.FAILED, "RUNNING since " + dead.startedAt() + ", longer than "
                + "reconcile.bill.stale-after " + staleAfter + ": the run died")
            .line();
        if (batches.finish(dead.id(), Finish.blocked(reason, Tally.NOTHING, now))) {
            log.warn("recon {} counted as dead (RUNNING since {}): BLOCKED, the day runs again", dead.describe(),
                    dead.startedAt());
            alerts.blocked(dead, reason, now);
        }
    }

}
