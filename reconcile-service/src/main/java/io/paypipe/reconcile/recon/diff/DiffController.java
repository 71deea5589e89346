package io.paypipe.reconcile.recon.diff;

import io.paypipe.core.id.Channel;
import io.paypipe.support.security.SignedIn;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * The differences for a person: {@code GET /recon/diffs?batchId=} (what a batch last
 * found) or {@code ?channel=&merchantId=&day=} (a merchant's day), either with an
 * optional {@code status} and {@code limit} (default {@value #DEFAULT_LIMIT}, at most
 * {@value #MAX_LIMIT}), by id; {@code POST /recon/diffs/{id}/ignore} and {@code /correct}
 * with {@code {"note": ...}} (the role OPERATOR; the person is the signed-in account,
 * {@link SignedIn}: a {@code by} that names someone else is a 400): 200 with the
 * difference, 404, or 409 (not OPEN, or a correction of anything but an AMOUNT
 * difference).
 */
@RestController
class DiffController {

    static final int DEFAULT_LIMIT = 500;

    static final int MAX_LIMIT = 5_000;

    /** A person's action: why ({@code by}: left out, the signed-in account). */
    record Action(String by, String note) {
    }

    private final DiffRepository diffs;

    private final DiffActions actions;

    DiffController(DiffRepository diffs, DiffActions actions) {
        this.diffs = diffs;
        this.actions = actions;
    }

    @GetMapping("/recon/diffs")
    List<Diff> list(@RequestParam(required = false) Long batchId, @RequestParam(required = false) String channel,
            @RequestParam(required = false) String merchantId, @RequestParam(required = false) LocalDate day,
            @RequestParam(required = false) HandleStatus status,
            @RequestParam(defaultValue = "" + DEFAULT_LIMIT) int limit) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw bad("limit must be 1 to " + MAX_LIMIT);
        }
        List<HandleStatus> statuses = status == null ? Arrays.asList(HandleStatus.values()) : List.of(status);
        boolean ofDay = channel != null || merchantId != null || day != null;
        if ((batchId != null) == ofDay || (ofDay && (channel == null || merchantId == null || day == null))) {
            throw bad("give batchId, or channel, merchantId and day");
        }
        if (batchId != null) {
            return diffs.ofBatch(batchId, statuses, limit);
        }
        return diffs.ofDay(channel(channel).code(), merchantId, day, statuses, limit);
    }

    @PostMapping("/recon/diffs/{id}/ignore")
    ResponseEntity<?> ignore(@PathVariable long id, @RequestBody Action action, Authentication signedIn) {
        check(action);
        String by = SignedIn.person("by", action.by(), signedIn);
        return answer(actions.ignore(id, by, action.note().strip()));
    }

    @PostMapping("/recon/diffs/{id}/correct")
    ResponseEntity<?> correct(@PathVariable long id, @RequestBody Action action, Authentication signedIn) {
        check(action);
        String by = SignedIn.person("by", action.by(), signedIn);
        return answer(actions.correct(id, by, action.note().strip()));
    }

    private static ResponseEntity<?> answer(DiffActions.Handling handling) {
        return switch (handling) {
            case DiffActions.Handling.Done(Diff diff) -> ResponseEntity.ok(diff);
            case DiffActions.Handling.NotFound() ->
                ResponseEntity.status(HttpStatus.NOT_FOUND).body(new Problem("no such difference"));
            case DiffActions.Handling.Conflict(String why) ->
                ResponseEntity.status(HttpStatus.CONFLICT).body(new Problem(why));
        };
    }

    /** An answer that is not a difference. */
    record Problem(String error) {
    }

    private static void check(Action action) {
        if (action == null || blank(action.note())) {
            throw bad("note is required");
        }
        if (action.note().strip().length() > 256) {
            throw bad("note is at most 256 characters");
        }
    }

    private static Channel channel(String code) {
        try {
            return Channel.fromCode(code);
        }
        catch (IllegalArgumentException e) {
            throw bad("unknown channel " + code);
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static ResponseStatusException bad(String why) {
        return new ResponseStatusException(HttpStatus.BAD_REQUEST, why);
    }

}
