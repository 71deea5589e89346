package io.paypipe.support.security;

import java.util.Map;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * A request that names someone else as the person of its action ({@link SignedIn}).
 */
public final class SomeoneElseNamed extends RuntimeException {

    SomeoneElseNamed(String message) {
        super(message, null, false, false);
    }

    /** Answers it 400 with its one sentence: {@code {"error": "..."}}. */
    @RestControllerAdvice
    static class Answer {

        @ExceptionHandler(SomeoneElseNamed.class)
        ResponseEntity<Map<String, String>> badRequest(SomeoneElseNamed e) {
            return ResponseEntity.badRequest().body(Map.of("error", e.getMessage()));
        }

    }

}
