package io.paypipe.reconcile.recon.web;

import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.batch.BillRun.Launch;
import java.time.LocalDate;

/**
 * The answer to a start: the batch that stands for the run ({@code started} false when
 * the call joined one that was there, RUNNING or finished) and where to poll it.
 */
record LaunchView(long batchId, boolean started, String status, String channel, String merchantId, LocalDate day,
        String kind, int runNo, String url) {

    static LaunchView of(Launch launch) {
        Batch b = launch.batch();
        return new LaunchView(b.id(), launch.started(), b.status().name(), b.channel().code(), b.merchantId(), b.day(),
                b.kind().code(), b.runNo(), url(b.id()));
    }

    static String url(long batchId) {
        return "/recon/batches/" + batchId;
    }

    /** One line, what {@code ./paypipe recon} prints first. */
    String text() {
        return "batch " + batchId + " (" + channel + " " + merchantId + " " + day + " " + kind + " run " + runNo + ") "
                + (started ? "started" : "already " + status) + "\n";
    }

}
