package io.paypipe.processor.console;

import io.paypipe.support.security.SignedIn;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The manual queue's resolve ({@code POST /console/manual/{rawId}/resolve}, OPERATOR and
 * the page's CSRF token): the signed-in account resolves with a note
 * ({@link ManualQueue}).
 */
@Controller
@ConditionalOnBooleanProperty(name = ConsoleProperties.ENABLED, matchIfMissing = true)
class ManualQueueActions {

    private final ManualQueue queue;

    ManualQueueActions(ManualQueue queue) {
        this.queue = queue;
    }

    @PostMapping("/console/manual/{rawId}/resolve")
    String resolve(@PathVariable long rawId, @RequestParam(required = false) String note, Authentication signedIn,
            RedirectAttributes flash) {
        if (note == null || note.isBlank() || note.strip().length() > 512) {
            flash.addFlashAttribute("error",
                    "A resolve needs a note (at most 512 characters): raw " + rawId + " is still in the queue.");
            return "redirect:/console/manual";
        }
        String by = SignedIn.name(signedIn);
        switch (queue.resolve(rawId, by, note.strip())) {
            case ManualQueue.Resolution.Resolved r ->
                flash.addFlashAttribute("message", "Raw " + r.rawId() + " resolved by " + by + ".");
            case ManualQueue.Resolution.NotManual n -> flash.addFlashAttribute("error",
                    "Raw " + n.rawId() + " is not in the manual queue (resolved already?): nothing changed.");
        }
        return "redirect:/console/manual";
    }

}
