package io.paypipe.launcher;

import io.paypipe.downstream.DownstreamApplication;
import io.paypipe.ingress.IngressApplication;
import io.paypipe.processor.ProcessorApplication;
import io.paypipe.reconcile.ReconcileApplication;
import io.paypipe.refund.RefundApplication;
import io.paypipe.sandbox.SandboxApplication;

/**
 * The parts of the product the launcher runs, in start order, with their default ports.
 */
public enum PipelineService {

    /**
     * First: it generates the merchants and writes the merchants file the services read.
     */
    SANDBOX(SandboxApplication.class, 8090),
    /** Before ingress: it declares the topics. */
    PROCESSOR(ProcessorApplication.class, 8082), INGRESS(IngressApplication.class, 8081),
    RECONCILE(ReconcileApplication.class, 8083), REFUND(RefundApplication.class, 8084),
    DOWNSTREAM(DownstreamApplication.class, 8085);

    private final Class<?> application;

    private final int defaultPort;

    PipelineService(Class<?> application, int defaultPort) {
        this.application = application;
        this.defaultPort = defaultPort;
    }

    public Class<?> application() {
        return application;
    }

    public int defaultPort() {
        return defaultPort;
    }

}
