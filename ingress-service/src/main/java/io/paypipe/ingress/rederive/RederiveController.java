package io.paypipe.ingress.rederive;

import io.paypipe.core.id.Channel;
import io.paypipe.support.security.SignedIn;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /ops/rederive}: re-runs stored payment bodies ({@link Rederivation}), or
 * with {@code table} {@code pay_refund_raw} stored refund notices
 * ({@link RefundRederivation}), through the current checks, parser and classifier. A dry
 * run unless {@code apply} is true; apply requires a {@code reason}, kept in
 * {@code raw_rederive} with every row re-derived beside the signed-in account
 * ({@link SignedIn}: a {@code requestedBy} still sent must name it, else 400). A
 * non-empty filter is required.
 */
@RestController
class RederiveController {

    /**
     * The request; {@code table} {@code pay_notify_raw} (payments, the default) or
     * {@code pay_refund_raw} (refund notices); {@code afterId} goes on where an earlier
     * request stopped.
     */
    record RederiveRequest(String table, RederiveFilter filter, Boolean apply, String requestedBy, String reason,
            Long afterId) {
    }

    private final Rederivation payments;

    private final RefundRederivation refunds;

    RederiveController(Rederivation payments, RefundRederivation refunds) {
        this.payments = payments;
        this.refunds = refunds;
    }

    /**
     * 200 with the report, or 400 with {@code {"error": "<one sentence>"}} (not through
     * the callbacks' error advice, whose answers are the channels' acks).
     */
    @PostMapping("/ops/rederive")
    ResponseEntity<Object> rederive(@RequestBody RederiveRequest request, Authentication signedIn) {
        String refused = SignedIn.typedNameProblem("requestedBy", request.requestedBy(), signedIn)
            .orElseGet(() -> refusal(request));
        if (refused != null) {
            return ResponseEntity.badRequest().contentType(MediaType.APPLICATION_JSON).body(Map.of("error", refused));
        }
        boolean apply = Boolean.TRUE.equals(request.apply());
        long afterId = request.afterId() == null ? 0 : request.afterId();
        var run = new Rederivation.Request(request.filter(), apply, SignedIn.name(signedIn), strip(request.reason()),
                afterId);
        return ResponseEntity
            .ok(RefundRederiveRepository.TABLE.equals(request.table()) ? refunds.run(run) : payments.run(run));
    }

    /**
     * The report as a table ({@link RederiveText}); a refusal as the JSON one sentence.
     */
    @PostMapping(path = "/ops/rederive", produces = MediaType.TEXT_PLAIN_VALUE)
    ResponseEntity<Object> rederiveText(@RequestBody RederiveRequest request, Authentication signedIn) {
        ResponseEntity<Object> json = rederive(request, signedIn);
        if (!(json.getBody() instanceof RederiveReport report)) {
            return json;
        }
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(RederiveText.render(report));
    }

    /** Why the request cannot run, or null. */
    private static String refusal(RederiveRequest request) {
        boolean refunds = RefundRederiveRepository.TABLE.equals(request.table());
        if (request.table() != null && !refunds && !RederiveRepository.TABLE.equals(request.table())) {
            return "table is " + RederiveRepository.TABLE + " or " + RefundRederiveRepository.TABLE;
        }
        RederiveFilter filter = request.filter();
        if (filter == null || filter.isEmpty()) {
            return "give a non-empty filter (channel, merchant, from, to, handled, outcome, lastError)";
        }
        if (filter.channel() != null && !knownChannel(filter.channel())) {
            return "unknown channel " + filter.channel();
        }
        if (refunds && filter.outcome() != null) {
            return RefundRederiveRepository.TABLE + " has no outcome: filter by handled or lastError";
        }
        if (filter.handled() != null && (filter.handled() < 0 || filter.handled() > 2)) {
            return "handled is 0, 1 or 2";
        }
        if (filter.from() != null && filter.to() != null && !filter.from().isBefore(filter.to())) {
            return "from must be before to";
        }
        if (Boolean.TRUE.equals(request.apply()) && blank(request.reason())) {
            return "apply requires a reason";
        }
        if (length(request.reason()) > 512) {
            return "reason <= 512 characters";
        }
        return null;
    }

    private static boolean knownChannel(String code) {
        for (Channel c : Channel.values()) {
            if (c.code().equals(code)) {
                return true;
            }
        }
        return false;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static int length(String s) {
        return s == null ? 0 : s.length();
    }

    private static String strip(String s) {
        return s == null ? null : s.strip();
    }

}
