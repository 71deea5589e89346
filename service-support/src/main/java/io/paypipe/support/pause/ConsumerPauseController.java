package io.paypipe.support.pause;

import io.paypipe.support.security.SignedIn;
import java.time.Duration;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * {@code /ops/consumers} on the service's port: pause, resume and show the listener
 * containers its {@link ConsumerPause} bean selects. A service imports it
 * ({@code @Import(ConsumerPauseController.class)}) next to that bean. The answers wait up
 * to {@value #WAIT_SECONDS} s for every container to report the new state; 503 with the
 * state when one did not. The person of a pause or resume is the signed-in account
 * ({@link SignedIn}): {@code by} is left out (one that names someone else is a 400).
 */
@RestController
public class ConsumerPauseController {

    static final int WAIT_SECONDS = 10;

    private final ConsumerPause pause;

    ConsumerPauseController(ConsumerPause pause) {
        this.pause = pause;
    }

    @GetMapping("/ops/consumers")
    ConsumersView consumers() {
        return pause.view();
    }

    @PostMapping("/ops/consumers/pause")
    ResponseEntity<ConsumersView> pause(@RequestParam(required = false) String by,
            @RequestParam(required = false) String reason, Authentication signedIn) {
        checked(reason);
        String person = SignedIn.person("by", by, signedIn);
        ConsumersView view = pause.pause(person, reason.strip(), Duration.ofSeconds(WAIT_SECONDS));
        return ResponseEntity.status(view.paused() ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).body(view);
    }

    @PostMapping("/ops/consumers/resume")
    ResponseEntity<ConsumersView> resume(@RequestParam(required = false) String by,
            @RequestParam(required = false) String reason, Authentication signedIn) {
        checked(reason);
        String person = SignedIn.person("by", by, signedIn);
        ConsumersView view = pause.resume(person, reason.strip(), Duration.ofSeconds(WAIT_SECONDS));
        return ResponseEntity.status(view.noneReportsPaused() ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE)
            .body(view);
    }

    private static void checked(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "reason is required");
        }
        if (reason.length() > 512) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "reason <= 512 characters");
        }
    }

}
