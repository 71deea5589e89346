package io.paypipe.ingress.callback;

import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.multipart.MultipartException;

/**
 * Whatever goes wrong outside the expected outcomes (wrong content type or method, a bug)
 * still answers the fail ack of the channel whose endpoint was called, never a stack
 * trace. Only the exception's class goes to the log for request errors; unexpected ones
 * are logged in full, as they come from our code, not from the payload.
 */
@RestControllerAdvice
class ErrorAdvice {

    private static final Logger log = LoggerFactory.getLogger(ErrorAdvice.class);

    private final CallbackTally tally;

    ErrorAdvice(CallbackTally tally) {
        this.tally = tally;
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> onException(Exception e, HttpServletRequest request) {
        String path = request.getRequestURI();
        ResponseEntity<Object> ack = answer(e, request, path);
        if (path != null && path.startsWith("/notify/")) {
            // a callback's endpoint; no start time here: counted with a time of zero
            tally.other(ChannelAck.forPath(path),
                    ack.getStatusCode().is5xxServerError() ? CallbackTally.ERROR : CallbackTally.REFUSED,
                    System.nanoTime());
        }
        return ack;
    }

    private ResponseEntity<Object> answer(Exception e, HttpServletRequest request, String path) {
        if (e instanceof ErrorResponse response) {
            HttpStatusCode status = response.getStatusCode();
            log.warn("request refused: path={} status={} reason={}", path, status.value(),
                    e.getClass().getSimpleName());
            return ChannelAck.forPath(path).fail(status, reasonOf(status));
        }
        if (!parsable(request.getContentType())) {
            // Spring 7.0's parser throws StringIndexOutOfBoundsException for a type that
            // starts with '"' and has a
            // '/' (e.g. "\"application/json\""), not InvalidMediaTypeException: a
            // caller's bad header, answered like
            // every other unusable content type (found by the WeChat fuzz test)
            log.warn("request refused: path={} status=415 reason=unparsable Content-Type ({})", path,
                    e.getClass().getSimpleName());
            return ChannelAck.forPath(path).fail(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported media type");
        }
        if (e instanceof MultipartException) {
            // a caller's broken multipart body, not our fault
            log.warn("request refused: path={} status=400 reason={}", path, e.getClass().getSimpleName());
            return ChannelAck.forPath(path).fail(HttpStatus.BAD_REQUEST, "bad request");
        }
        log.error("unexpected error while handling {}: {}", path, e.getClass().getName(), e);
        return ChannelAck.forPath(path).fail(HttpStatus.INTERNAL_SERVER_ERROR, "internal error");
    }

    private static boolean parsable(String contentType) {
        try {
            if (contentType != null) {
                MediaType.parseMediaType(contentType);
            }
            return true;
        }
        catch (RuntimeException e) {
            return false;
        }
    }

    private static String reasonOf(HttpStatusCode status) {
        HttpStatus known = HttpStatus.resolve(status.value());
        return known == null ? "request refused" : known.getReasonPhrase().toLowerCase();
    }

}
