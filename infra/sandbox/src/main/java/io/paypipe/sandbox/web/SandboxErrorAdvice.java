package io.paypipe.sandbox.web;

import io.paypipe.sandbox.query.OrderClosedException;
import java.util.Map;
import java.util.NoSuchElementException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.HandlerMethod;

/**
 * What every sandbox endpoint answers when it fails, as {@code {"error": message}}: an
 * unknown merchant, notification or event is 404, a bad request 400, a payment of an
 * order the merchant closed at the channel 409, and on a controller marked
 * {@link UnavailableOnIllegalState} an {@link IllegalStateException} is 503.
 */
@RestControllerAdvice(basePackages = "io.paypipe.sandbox")
class SandboxErrorAdvice {

    @ExceptionHandler(NoSuchElementException.class)
    ResponseEntity<Map<String, String>> notFound(NoSuchElementException e) {
        return error(HttpStatus.NOT_FOUND, e.getMessage());
    }

    @ExceptionHandler(OrderClosedException.class)
    ResponseEntity<Map<String, String>> closed(OrderClosedException e) {
        return error(HttpStatus.CONFLICT, e.getMessage());
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<Map<String, String>> badRequest(IllegalArgumentException e) {
        return error(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    /**
     * Rethrown (left to Spring's default) where the controller is not marked
     * {@link UnavailableOnIllegalState}.
     */
    @ExceptionHandler(IllegalStateException.class)
    ResponseEntity<Map<String, String>> unavailable(IllegalStateException e, HandlerMethod handler) {
        if (!handler.getBeanType().isAnnotationPresent(UnavailableOnIllegalState.class)) {
            throw e;
        }
        return error(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
    }

    private static ResponseEntity<Map<String, String>> error(HttpStatus status, String message) {
        return ResponseEntity.status(status).body(Map.of("error", String.valueOf(message)));
    }

}
