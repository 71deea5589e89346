package io.paypipe.processor.console;

import io.paypipe.support.security.SignedIn;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The reconciliation page's handle action ({@code POST /console/recon/diffs/{id}/ignore}
 * or {@code /correct}, OPERATOR and the page's CSRF token, a note): sent to
 * reconcile-service, which owns the differences, through its {@code POST
 * /recon/diffs/{id}/...} for the signed-in person ({@link OwningServices}); the page
 * shows its answer, a refusal (not OPEN, not an AMOUNT difference) as its own sentence.
 */
@Controller
@ConditionalOnBooleanProperty(name = ConsoleProperties.ENABLED, matchIfMissing = true)
class DiffActions {

    static final String SERVICE = "reconcile-service";

    private final OwningServices services;

    private final ConsoleProperties console;

    DiffActions(OwningServices services, ConsoleProperties console) {
        this.services = services;
        this.console = console;
    }

    @PostMapping("/console/recon/diffs/{id}/{action:ignore|correct}")
    String handle(@PathVariable long id, @PathVariable String action, @RequestParam(required = false) String note,
            @RequestParam(required = false) Long batch, Authentication signedIn, RedirectAttributes flash) {
        if (batch != null) {
            flash.addAttribute("batch", batch);
        }
        if (note == null || note.isBlank() || note.strip().length() > 256) {
            flash.addFlashAttribute("error",
                    "A difference is handled with a note (at most 256 characters): nothing was sent.");
            return "redirect:/console/recon";
        }
        String person = SignedIn.name(signedIn);
        switch (services.post(SERVICE, console.reconcileUrl(), "/recon/diffs/" + id + "/" + action,
                Map.of("note", note.strip()), person)) {
            case OwningServices.Answer.Done done -> flash.addFlashAttribute("message",
                    "Difference " + id + " is "
                            + (done.body() == null ? "handled" : done.body().path("handleStatus").asString("handled"))
                            + ", by " + person + ".");
            case OwningServices.Answer.Refused refused -> flash.addFlashAttribute("error", SERVICE + " refused to "
                    + action + " difference " + id + " (" + refused.status() + "): " + refused.sentence());
            case OwningServices.Answer.Unreachable unreachable ->
                flash.addFlashAttribute("error", unreachable.sentence());
        }
        return "redirect:/console/recon";
    }

}
