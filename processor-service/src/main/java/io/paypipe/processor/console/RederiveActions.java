package io.paypipe.processor.console;

import io.paypipe.support.security.SignedIn;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The re-derive page ({@code /console/rederive}): stored raw bodies of payments
 * ({@code pay_notify_raw}) or refund notices ({@code pay_refund_raw}) re-run through the
 * current checks, parser and classifier by ingress-service, which owns the raw vault,
 * through its {@code POST /ops/rederive} for the signed-in person
 * ({@link OwningServices}). The form (OPERATOR only: ingress takes any POST from OPERATOR
 * only, a dry run too; CSRF as every console form) sends a dry run or, with a reason, the
 * re-derive itself; the page shows ingress's report as a table, a refusal or an ingress
 * that does not answer as one sentence.
 */
@Controller
@ConditionalOnBooleanProperty(name = ConsoleProperties.ENABLED, matchIfMissing = true)
class RederiveActions {

    static final String SERVICE = "ingress-service";

    private final OwningServices services;

    private final ConsoleProperties console;

    RederiveActions(OwningServices services, ConsoleProperties console) {
        this.services = services;
        this.console = console;
    }

    @GetMapping("/console/rederive")
    String page(@ModelAttribute("form") RederiveForm form, Model model) {
        model.addAttribute("ingress", console.ingressUrl());
        return "console/rederive";
    }

    @PostMapping("/console/rederive")
    String rederive(@ModelAttribute RederiveForm form, @RequestParam(required = false) String action,
            @RequestParam(required = false) String reason, Authentication signedIn, RedirectAttributes flash) {
        String back = "redirect:/console/rederive" + form.query();
        boolean apply = "apply".equals(action);
        Map<String, Object> body;
        try {
            body = form.body();
        }
        catch (IllegalArgumentException e) {
            flash.addFlashAttribute("error", e.getMessage() + ": nothing was sent.");
            return back;
        }
        body.put("apply", apply);
        if (reason != null && !reason.isBlank()) {
            body.put("reason", reason.strip());
        }
        String person = SignedIn.name(signedIn);
        switch (services.post(SERVICE, console.ingressUrl(), "/ops/rederive", body, person)) {
            case OwningServices.Answer.Done done when done.body() == null ->
                flash.addFlashAttribute("error", SERVICE + " answered " + done.status() + " without a report.");
            case OwningServices.Answer.Done done -> {
                RederiveResult result = RederiveResult.of(done.body());
                flash.addFlashAttribute("result", result);
                flash.addFlashAttribute("message", result.sentence());
            }
            case OwningServices.Answer.Refused refused -> flash.addFlashAttribute("error", SERVICE + " refused the "
                    + (apply ? "re-derive" : "dry run") + " (" + refused.status() + "): " + refused.sentence());
            case OwningServices.Answer.Unreachable unreachable ->
                flash.addFlashAttribute("error", unreachable.sentence());
        }
        return back;
    }

}
