package io.paypipe.reconcile.recon.web;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.recon.Batch;
import io.paypipe.reconcile.recon.batch.BatchRepository;
import io.paypipe.reconcile.recon.batch.RunProgress;
import io.paypipe.reconcile.recon.batch.RunProgress.Progress;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Shows batches: {@code GET /recon/batches/{id}} (the row, the open differences by
 * category, the progress while it runs on this instance; as JSON or, with
 * {@code Accept: text/plain}, as text, both with the header {@value #STATUS} so that a
 * script needs no JSON parser) and {@code GET /recon/batches?channel=&merchantId=&day=}
 * (newest first, at most {@code limit}, 100 by default). 404 for no such batch, 400 for a
 * bad filter, 503 when the database does not answer.
 */
@RestController
class BatchesController {

    static final String STATUS = "Paypipe-Batch-Status";

    private static final Logger log = LoggerFactory.getLogger(BatchesController.class);

    private final BatchRepository batches;

    private final RunProgress progress;

    private final DiffListRepository diffs;

    BatchesController(BatchRepository batches, RunProgress progress, DiffListRepository diffs) {
        this.batches = batches;
        this.progress = progress;
        this.diffs = diffs;
    }

    @GetMapping("/recon/batches/{id}")
    ResponseEntity<?> batch(@PathVariable long id) {
        return batches.find(id)
            .<ResponseEntity<?>>map((b) -> ok(b).body(BatchView.of(b, diffs.openByCategory(id), progress.of(id))))
            .orElseGet(() -> notFound(id));
    }

    @GetMapping(path = "/recon/batches/{id}", produces = MediaType.TEXT_PLAIN_VALUE)
    ResponseEntity<?> batchText(@PathVariable long id) {
        return batches.find(id).<ResponseEntity<?>>map((b) -> {
            Optional<Progress> running = progress.of(id);
            Map<String, Long> categories = diffs.openByCategory(id);
            return ok(b).contentType(MediaType.TEXT_PLAIN).body(BatchText.render(b, categories, running));
        }).orElseGet(() -> notFound(id));
    }

    @GetMapping("/recon/batches")
    ResponseEntity<?> list(@RequestParam Optional<String> channel, @RequestParam Optional<String> merchantId,
            @RequestParam Optional<String> day, @RequestParam(defaultValue = "100") int limit) {
        Optional<Channel> ch;
        Optional<LocalDate> d;
        try {
            ch = channel.map(Channel::fromCode);
            d = day.map(LocalDate::parse);
        }
        catch (IllegalArgumentException | DateTimeParseException ex) {
            return badRequest("channel must be wechatpay, alipay or stripe, day yyyy-MM-dd");
        }
        if (limit < 1 || limit > 1000) {
            return badRequest("limit must be 1 to 1000");
        }
        List<BatchView> views = batches.list(ch, merchantId, d, limit)
            .stream()
            .map((b) -> BatchView.of(b, Map.of(), progress.of(b.id())))
            .toList();
        return ResponseEntity.ok(views);
    }

    @ExceptionHandler(DataAccessException.class)
    ResponseEntity<String> databaseDown(DataAccessException e) {
        log.error("recon batches: the database did not answer: {}", e.toString());
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
            .contentType(MediaType.TEXT_PLAIN)
            .body("reconcile-service: the database did not answer (" + e.getClass().getSimpleName() + ")\n");
    }

    private static ResponseEntity.BodyBuilder ok(Batch b) {
        return ResponseEntity.ok().header(STATUS, b.status().name());
    }

    private static ResponseEntity<?> notFound(long id) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND)
            .contentType(MediaType.TEXT_PLAIN)
            .body("no batch " + id + "\n");
    }

    static ResponseEntity<?> badRequest(String message) {
        return ResponseEntity.badRequest().contentType(MediaType.TEXT_PLAIN).body(message + "\n");
    }

}
