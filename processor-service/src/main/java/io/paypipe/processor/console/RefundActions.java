package io.paypipe.processor.console;

import io.paypipe.support.security.SignedIn;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import tools.jackson.databind.JsonNode;

/**
 * The refund page's action ({@code POST /console/refunds/request}, OPERATOR and the
 * page's CSRF token): a refund of an order (merchant, out_trade_no, amount in minor
 * units, a reason) requested from refund-service, which owns refunds, through its
 * {@code POST /refunds} for the signed-in person ({@link OwningServices}); the page shows
 * refund-service's answer, its refusal as its own sentence.
 */
@Controller
@ConditionalOnBooleanProperty(name = ConsoleProperties.ENABLED, matchIfMissing = true)
class RefundActions {

    static final String SERVICE = "refund-service";

    /**
     * The form's own refund number (the same form twice is one refund): refund-service's
     * rule.
     */
    private static final java.util.regex.Pattern REFUND_NO = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final OwningServices services;

    private final ConsoleProperties console;

    RefundActions(OwningServices services, ConsoleProperties console) {
        this.services = services;
        this.console = console;
    }

    @PostMapping("/console/refunds/request")
    String request(@RequestParam(required = false) String merchant, @RequestParam(required = false) String order,
            @RequestParam(required = false) String amount, @RequestParam(required = false) String reason,
            @RequestParam(name = "refund_no", required = false) String refundNo, Authentication signedIn,
            RedirectAttributes flash) {
        Long minor = minorUnits(amount);
        if (blank(merchant) || blank(order) || blank(reason) || minor == null) {
            flash.addFlashAttribute("error", "A refund needs the merchant, the order (out_trade_no), the amount as a"
                    + " positive whole number of minor units and a reason: nothing was sent.");
            return "redirect:/console/refunds";
        }
        String person = SignedIn.name(signedIn);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("merchant", merchant.strip());
        body.put("out_trade_no", order.strip());
        body.put("amount", minor);
        body.put("reason", reason.strip());
        if (refundNo != null && REFUND_NO.matcher(refundNo).matches()) {
            body.put("refund_no", refundNo);
        }
        switch (services.post(SERVICE, console.refundUrl(), "/refunds", body, person)) {
            case OwningServices.Answer.Done done -> flash.addFlashAttribute("message", done(done, person));
            case OwningServices.Answer.Refused refused ->
                flash.addFlashAttribute("error", SERVICE + " refused the refund of order " + order.strip() + " ("
                        + refused.status() + "): " + refused.sentence());
            case OwningServices.Answer.Unreachable unreachable ->
                flash.addFlashAttribute("error", unreachable.sentence());
        }
        return "redirect:/console/refunds";
    }

    private static String done(OwningServices.Answer.Done done, String person) {
        JsonNode r = done.body();
        String refund = r == null ? "" : " " + r.path("refund_no").asString("");
        String again = done.status() == 201 ? "" : " (asked before: as it is)";
        return "Refund" + refund + " of order " + (r == null ? "?" : r.path("out_trade_no").asString("")) + " for "
                + (r == null ? "?" : r.path("amount").asString("") + " " + r.path("currency").asString("")) + ": "
                + (r == null ? "?" : r.path("status").asString("")) + again + ", requested by " + person + ".";
    }

    private static Long minorUnits(String amount) {
        if (amount == null || !amount.strip().matches("[1-9][0-9]{0,15}")) {
            return null;
        }
        return Long.parseLong(amount.strip());
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

}
