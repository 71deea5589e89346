package io.paypipe.reconcile.status;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /status[?merchant=M]}: the morning numbers ({@link MorningNumbers}) as JSON,
 * or as a table with {@code Accept: text/plain} (what {@code ./paypipe status} prints).
 * Both carry the header {@value #NONZERO}: how many numbers are not zero, so a script
 * needs no JSON parser. A database that does not answer is a 503.
 */
@RestController
class StatusController {

    static final String NONZERO = "Paypipe-Nonzero";

    private static final Logger log = LoggerFactory.getLogger(StatusController.class);

    private final MorningNumbers numbers;

    StatusController(MorningNumbers numbers) {
        this.numbers = numbers;
    }

    @GetMapping("/status")
    ResponseEntity<?> json(@RequestParam(required = false) String merchant) {
        if (!valid(merchant)) {
            return badMerchant();
        }
        StatusView view = numbers.read(merchant);
        return ResponseEntity.ok()
            .header(NONZERO, Integer.toString(view.nonzero()))
            .contentType(MediaType.APPLICATION_JSON)
            .body(view);
    }

    @GetMapping(path = "/status", produces = MediaType.TEXT_PLAIN_VALUE)
    ResponseEntity<String> table(@RequestParam(required = false) String merchant) {
        if (!valid(merchant)) {
            return badMerchant();
        }
        StatusView view = numbers.read(merchant);
        return ResponseEntity.ok()
            .header(NONZERO, Integer.toString(view.nonzero()))
            .contentType(MediaType.TEXT_PLAIN)
            .body(StatusTable.render(view));
    }

    @ExceptionHandler(DataAccessException.class)
    ResponseEntity<String> databaseDown(DataAccessException e) {
        log.error("status: the database did not answer: {}", e.toString());
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
            .contentType(MediaType.TEXT_PLAIN)
            .body("reconcile-service: the database did not answer (" + e.getClass().getSimpleName()
                    + "); the numbers are unknown\n");
    }

    private static boolean valid(String merchant) {
        return merchant == null || (!merchant.isBlank() && merchant.length() <= 64);
    }

    private static ResponseEntity<String> badMerchant() {
        return ResponseEntity.badRequest()
            .contentType(MediaType.TEXT_PLAIN)
            .body("merchant must be 1 to 64 characters\n");
    }

}
