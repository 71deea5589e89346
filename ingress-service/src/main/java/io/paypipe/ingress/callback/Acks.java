package io.paypipe.ingress.callback;

import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * WeChat Pay v3 acknowledgements: success is a bare 204, failure a 4xx/5xx with
 * {@code {"code":"FAIL","message":"..."}}. The content type is set explicitly so the fail body is written
 * whatever the caller's {@code Accept} says.
 */
public final class Acks {

    /** The body of a fail ack. */
    public record FailBody(String code, String message) {
    }

    private Acks() {
    }

    public static ResponseEntity<Object> success() {
        return ResponseEntity.noContent().build();
    }

    public static ResponseEntity<Object> fail(Rejection rejection) {
        return fail(rejection.status(), rejection.message());
    }

    public static ResponseEntity<Object> fail(HttpStatusCode status, String message) {
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON)
                .body(new FailBody("FAIL", message));
    }
}
