package io.paypipe.reconcile.recon.batch;

import io.paypipe.reconcile.bill.guard.Guard;
import io.paypipe.reconcile.bill.guard.Reason;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.batch.RunProgress.Tracker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.stereotype.Component;

/**
 * Starts the reconciliation of a merchant's day: the batch is claimed by the run-number
 * rule ({@link BatchClaims}; a concurrent or repeated start of a T+1 or T+3 gets the
 * batch that stands for it) and, when this call inserted it, run by {@link BatchRunner}
 * on one of {@value #THREADS} runner threads ({@code recon-run-*}, their own: a long bill
 * never holds a request or scheduler thread). The caller polls the batch ({@code GET
 * /recon/batches/{id}}) and its {@link RunProgress}.
 */
@Component
public class BillRun implements DisposableBean {

    static final int THREADS = 2;

    private static final Logger log = LoggerFactory.getLogger(BillRun.class);

    private final BatchClaims claims;

    private final BatchRunner runner;

    private final RunProgress progress;

    private final ThreadPoolTaskExecutor executor = new ThreadPoolTaskExecutor();

    BillRun(BatchClaims claims, BatchRunner runner, RunProgress progress) {
        this.claims = claims;
        this.runner = runner;
        this.progress = progress;
        executor.setCorePoolSize(THREADS);
        executor.setMaxPoolSize(THREADS);
        executor.setThreadNamePrefix("recon-run-");
        executor.initialize();
    }

    /**
     * What a start came to.
     *
     * @param started true when this call started the batch, false when it joined the
     * batch that stands for the run already (RUNNING or finished)
     */
    public record Launch(Batch batch, boolean started) {
    }

    public Launch start(RunRequest request) {
        Claim claim = claims.claim(request);
        Batch batch = claim.batch();
        if (claim instanceof Claim.Joined) {
            log.info("recon {}: {} is {} already", request, batch.describe(), batch.status());
            return new Launch(batch, false);
        }
        log.info("recon {} started: {}", batch.describe(), request.source());
        Tracker tracker = progress.begin(batch.id());
        try {
            executor.execute(() -> {
                try {
                    runner.run(batch, request, tracker);
                }
                finally {
                    progress.end(batch.id());
                }
            });
        }
        catch (TaskRejectedException stopping) {
            progress.end(batch.id());
            runner.refuse(batch, new Reason(Guard.FAILED, "not run: the service is stopping"));
        }
        return new Launch(batch, true);
    }

    @Override
    public void destroy() {
        executor.shutdown();
    }

}
