package io.paypipe.reconcile.recon.web;

import io.paypipe.core.id.Channel;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.Set;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /recon/diffs?batchId=} (the differences a batch found last) or
 * {@code GET /recon/diffs?channel=&merchantId=&day=&status=} (a merchant's day; status
 * OPEN, RESOLVED or IGNORED), at most {@code limit} (500 by default), oldest first. One
 * filter at least; 400 otherwise.
 */
@RestController
class DiffListController {

    private static final Set<String> STATUSES = Set.of("OPEN", "RESOLVED", "IGNORED");

    private final DiffListRepository diffs;

    DiffListController(DiffListRepository diffs) {
        this.diffs = diffs;
    }

    @GetMapping("/recon/diffs")
    ResponseEntity<?> list(@RequestParam Optional<Long> batchId, @RequestParam Optional<String> channel,
            @RequestParam Optional<String> merchantId, @RequestParam Optional<String> day,
            @RequestParam Optional<String> status, @RequestParam(defaultValue = "500") int limit) {
        if (batchId.isEmpty() && (merchantId.isEmpty() || channel.isEmpty())) {
            return BatchesController.badRequest("give batchId, or channel and merchantId (and day, status)");
        }
        Optional<Channel> ch;
        Optional<LocalDate> d;
        try {
            ch = channel.map(Channel::fromCode);
            d = day.map(LocalDate::parse);
        }
        catch (IllegalArgumentException | DateTimeParseException ex) {
            return BatchesController.badRequest("channel must be wechatpay, alipay or stripe, day yyyy-MM-dd");
        }
        if (status.filter((s) -> !STATUSES.contains(s)).isPresent() || limit < 1 || limit > 5000) {
            return BatchesController.badRequest("status must be OPEN, RESOLVED or IGNORED, limit 1 to 5000");
        }
        return ResponseEntity.ok(diffs.list(batchId, ch, merchantId, d, status, limit));
    }

}
