package io.paypipe.processor.replay;

import io.paypipe.support.security.SignedIn;
import java.time.Instant;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * Operators' endpoints for the dead-letter topic, on the processor's port. Nothing secret
 * is ever answered. Reads need VIEWER, a replay OPERATOR (service-support's
 * {@code OperatorSecurity}); the replay's {@code requestedBy} is the signed-in account
 * ({@link SignedIn}): left out of the body, or a 400 when it names someone else.
 */
@RestController
class DeadLetterController {

    /**
     * The replay request; exactly one of {@code records} and {@code filter}; replayId
     * optional (idempotency); requestedBy left out (the signed-in account).
     */
    record ReplayRequest(String replayId, String requestedBy, String reason, List<Replays.Coordinates> records,
            DeadLetterFilter filter) {
    }

    private final DeadLetters deadLetters;

    private final Replays replays;

    DeadLetterController(DeadLetters deadLetters, Replays replays) {
        this.deadLetters = deadLetters;
        this.replays = replays;
    }

    @GetMapping("/ops/dead-letters")
    List<DeadLetter> list(@RequestParam(required = false) String channel,
            @RequestParam(required = false) String merchant, @RequestParam(required = false) String errorClass,
            @RequestParam(required = false) Instant from, @RequestParam(required = false) Instant to) {
        return deadLetters.list(new DeadLetterFilter(channel, merchant, errorClass, from, to));
    }

    @GetMapping("/ops/dead-letters/{partition}/{offset}")
    DeadLetter show(@PathVariable int partition, @PathVariable long offset) {
        return deadLetters.find(partition, offset)
            .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND,
                    "no dead letter at " + partition + "/" + offset));
    }

    @PostMapping("/ops/dead-letters/replay")
    Replays.Result replay(@RequestBody ReplayRequest request, Authentication signedIn) {
        String requestedBy = SignedIn.person("requestedBy", request.requestedBy(), signedIn);
        if (blank(request.reason())) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "reason is required");
        }
        if (request.reason().length() > 512 || (request.replayId() != null && request.replayId().length() > 36)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "reason <= 512, replayId <= 36 characters");
        }
        boolean hasRecords = request.records() != null && !request.records().isEmpty();
        boolean hasFilter = request.filter() != null && !request.filter().isEmpty();
        if (hasRecords == hasFilter) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "give either records or a non-empty filter");
        }
        Replays.Selection selection = hasRecords ? new Replays.Selection.Records(request.records())
                : new Replays.Selection.Matching(request.filter());
        return replays.replay(request.replayId(), requestedBy, request.reason().strip(), selection);
    }

    @GetMapping("/ops/replays/{replayId}")
    Replays.ReplayView replayView(@PathVariable String replayId) {
        return replays.view(replayId)
            .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no replay " + replayId));
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

}
