package io.paypipe.reconcile.recon.web;

import io.paypipe.reconcile.recon.batch.BillRun;
import io.paypipe.reconcile.recon.batch.BillRun.Launch;
import io.paypipe.reconcile.recon.web.RunForms.Form;
import io.paypipe.reconcile.recon.web.RunForms.ImportBody;
import io.paypipe.reconcile.recon.web.RunForms.RunBody;
import io.paypipe.support.security.SignedIn;
import java.net.URI;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Starts reconciliations: {@code POST /recon/runs} (the bill downloaded from the channel)
 * and {@code POST /recon/imports} (a bill file on this service's machine). Both answer
 * 202 with the batch that stands for the run (a new one, or the one there already: a T+1
 * reconciled twice is one batch), its URL in {@code Location} and in the header
 * {@value #BATCH_ID} its id, as JSON or, with {@code Accept: text/plain}, one line (what
 * {@code ./paypipe recon} prints). 400 with a line saying what is wrong. The role
 * OPERATOR; a confirmed drop is recorded as confirmed by the signed-in account
 * ({@link SignedIn}, {@link RunForms}).
 */
@RestController
class RunsController {

    static final String BATCH_ID = "Paypipe-Batch-Id";

    private final BillRun run;

    private final RunForms forms;

    RunsController(BillRun run, RunForms forms) {
        this.run = run;
        this.forms = forms;
    }

    @PostMapping("/recon/runs")
    ResponseEntity<?> run(@RequestBody RunBody body, Authentication signedIn) {
        return start(forms.run(body, SignedIn.name(signedIn)), (view) -> view);
    }

    @PostMapping(path = "/recon/runs", produces = MediaType.TEXT_PLAIN_VALUE)
    ResponseEntity<?> runText(@RequestBody RunBody body, Authentication signedIn) {
        return start(forms.run(body, SignedIn.name(signedIn)), LaunchView::text);
    }

    @PostMapping("/recon/imports")
    ResponseEntity<?> imported(@RequestBody ImportBody body, Authentication signedIn) {
        return start(forms.imported(body, SignedIn.name(signedIn)), (view) -> view);
    }

    @PostMapping(path = "/recon/imports", produces = MediaType.TEXT_PLAIN_VALUE)
    ResponseEntity<?> importedText(@RequestBody ImportBody body, Authentication signedIn) {
        return start(forms.imported(body, SignedIn.name(signedIn)), LaunchView::text);
    }

    private ResponseEntity<?> start(Form form, Function<LaunchView, Object> body) {
        return switch (form) {
            case Form.Invalid invalid ->
                ResponseEntity.badRequest().contentType(MediaType.TEXT_PLAIN).body(invalid.message() + "\n");
            case Form.Valid valid -> {
                Launch launch = run.start(valid.request());
                LaunchView view = LaunchView.of(launch);
                yield ResponseEntity.status(HttpStatus.ACCEPTED)
                    .location(URI.create(view.url()))
                    .header(BATCH_ID, Long.toString(view.batchId()))
                    .body(body.apply(view));
            }
        };
    }

}
