package io.paypipe.processor.console;

import io.paypipe.processor.config.ProcessorProperties;
import io.paypipe.support.security.SignedIn;
import java.time.Clock;
import org.springframework.http.MediaType;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The console's read pages ({@code /console/**}, Thymeleaf templates under
 * {@code templates/console}). Every page needs VIEWER or OPERATOR (service-support's
 * {@code OperatorSecurity}, the console's chain); the action buttons show for OPERATOR
 * only. The dead letters live in {@code replay.ConsoleDeadLetters}, the manual queue's
 * resolve in {@link ManualQueueActions}.
 */
@Controller
@ConditionalOnBooleanProperty(name = ConsoleProperties.ENABLED, matchIfMissing = true)
class ConsolePages {

    private final ConsoleQueries queries;

    private final LedgerQueries ledger;

    private final ConsoleProperties console;

    private final ProcessorProperties processor;

    private final Clock clock;

    ConsolePages(ConsoleQueries queries, LedgerQueries ledger, ConsoleProperties console, ProcessorProperties processor,
            Clock clock) {
        this.queries = queries;
        this.ledger = ledger;
        this.console = console;
        this.processor = processor;
        this.clock = clock;
    }

    @GetMapping("/console")
    String overview(Authentication signedIn, Model model) {
        model.addAttribute("user", SignedIn.name(signedIn));
        model.addAttribute("stuck", queries.stuck(stuckBefore(), null, console.rows()).size());
        model.addAttribute("manual", queries.manual(null, console.rows()).size());
        model.addAttribute("rows", console.rows());
        model.addAttribute("alerts", queries.alerts(null, 10));
        return "console/overview";
    }

    /** Proves the console's chain: a POST needs OPERATOR and the page's CSRF token. */
    @PostMapping(path = "/console/ping", produces = MediaType.TEXT_PLAIN_VALUE)
    @ResponseBody
    String ping(Authentication signedIn) {
        return "pong for " + SignedIn.name(signedIn) + "\n";
    }

    @GetMapping("/console/stuck")
    String stuck(@RequestParam(required = false) String order, Model model) {
        String only = (order == null || order.isBlank()) ? null : order.strip();
        model.addAttribute("order", only);
        model.addAttribute("after", processor.stuckUnsettledAfter());
        model.addAttribute("rows", queries.stuck(stuckBefore(), only, console.rows()));
        model.addAttribute("limit", console.rows());
        return "console/stuck";
    }

    @GetMapping("/console/manual")
    String manual(@RequestParam(required = false) String order, Model model) {
        String only = (order == null || order.isBlank()) ? null : order.strip();
        model.addAttribute("order", only);
        model.addAttribute("rows", queries.manual(only, console.rows()));
        model.addAttribute("limit", console.rows());
        return "console/manual";
    }

    @GetMapping("/console/refunds")
    String refunds(@RequestParam(required = false) String status, Model model) {
        String wanted = blank(status) ? null : status.strip();
        model.addAttribute("status", wanted);
        model.addAttribute("counts", ledger.refundCounts());
        model.addAttribute("rows", ledger.refunds(wanted, console.rows()));
        // the refund form's own refund_no: the same form sent twice (a double click, a
        // retry after a timeout) is one refund at refund-service
        model.addAttribute("refundNo", "C" + java.util.UUID.randomUUID().toString().replace("-", ""));
        model.addAttribute("limit", console.rows());
        return "console/refunds";
    }

    @GetMapping("/console/queries")
    String activeQueries(@RequestParam(required = false) String state, Model model) {
        String wanted = blank(state) ? "ACTIVE" : state.strip();
        model.addAttribute("state", wanted);
        model.addAttribute("rows", ledger.queries(wanted, console.rows()));
        model.addAttribute("limit", console.rows());
        return "console/queries";
    }

    @GetMapping("/console/recon")
    String recon(@RequestParam(required = false) Long batch, Model model) {
        model.addAttribute("batch", batch);
        model.addAttribute("batches", ledger.batches(console.rows()));
        model.addAttribute("diffs", ledger.diffs(batch, console.rows()));
        model.addAttribute("limit", console.rows());
        return "console/recon";
    }

    @GetMapping("/console/alerts")
    String alerts(@RequestParam(required = false) String kind, Model model) {
        String wanted = blank(kind) ? null : kind.strip();
        model.addAttribute("kind", wanted);
        model.addAttribute("rows", queries.alerts(wanted, console.rows()));
        model.addAttribute("limit", console.rows());
        return "console/alerts";
    }

    @GetMapping("/console/chart")
    String chart(Model model) {
        model.addAttribute("window", console.chartWindow());
        model.addAttribute("chart",
                CallbackChart.of(queries.callbacksPerMinute(clock.instant().minus(console.chartWindow()))));
        return "console/chart";
    }

    private java.time.Instant stuckBefore() {
        return clock.instant().minus(processor.stuckUnsettledAfter());
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

}
