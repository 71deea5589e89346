package io.paypipe.processor.replay;

import io.paypipe.processor.console.ConsoleProperties;
import io.paypipe.support.security.SignedIn;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The console's dead-letter page ({@code /console/dead-letters}): the DLT with filters,
 * each letter's raw row and order as they are now, a dry run (what a replay would
 * publish; nothing is published) and the replay itself, through the same {@link Replays}
 * the JSON endpoint uses, by the signed-in account with a required reason, at most
 * {@code processor.console.replays-per-minute} a minute per account
 * ({@link ReplayRateLimit}).
 */
@Controller
@ConditionalOnBooleanProperty(name = ConsoleProperties.ENABLED, matchIfMissing = true)
class ConsoleDeadLetters {

    private static final Logger log = LoggerFactory.getLogger(ConsoleDeadLetters.class);

    /** The page's filter, as typed (the times ISO instants or UTC datetime-local). */
    record Filter(String channel, String merchant, String errorClass, String from, String to) {

        DeadLetterFilter parsed() {
            return new DeadLetterFilter(trim(channel), trim(merchant), trim(errorClass), time(from), time(to));
        }

        public String query() {
            UriComponentsBuilder b = UriComponentsBuilder.fromPath("");
            add(b, "channel", channel);
            add(b, "merchant", merchant);
            add(b, "errorClass", errorClass);
            add(b, "from", from);
            add(b, "to", to);
            return b.build().encode().toUriString();
        }

        private static void add(UriComponentsBuilder b, String name, String value) {
            if (trim(value) != null) {
                b.queryParam(name, value.strip());
            }
        }

        private static String trim(String s) {
            return s == null || s.isBlank() ? null : s.strip();
        }

        private static Instant time(String s) {
            String t = trim(s);
            if (t == null) {
                return null;
            }
            try {
                return t.endsWith("Z") ? Instant.parse(t) : LocalDateTime.parse(t).toInstant(ZoneOffset.UTC);
            }
            catch (DateTimeParseException e) {
                throw new IllegalArgumentException("not a time: " + t + " (e.g. 2026-12-02T03:40, UTC)");
            }
        }

    }

    /** A listed dead letter with its raw row and order as they are now. */
    record Listed(DeadLetter letter, Long rawId, String orderKey, DeadLetterOrders.Now now) {
    }

    private final DeadLetters deadLetters;

    private final Replays replays;

    private final DeadLetterOrders orders;

    private final ReplayRateLimit limit;

    private final ConsoleProperties console;

    ConsoleDeadLetters(DeadLetters deadLetters, Replays replays, DeadLetterOrders orders, ReplayRateLimit limit,
            ConsoleProperties console) {
        this.deadLetters = deadLetters;
        this.replays = replays;
        this.orders = orders;
        this.limit = limit;
        this.console = console;
    }

    @GetMapping("/console/dead-letters")
    String page(@ModelAttribute("filter") Filter filter, Model model) {
        model.addAttribute("perMinute", limit.perMinute());
        return list(filter, null, model, "console/dead-letters");
    }

    @GetMapping("/console/dead-letters/dry-run")
    String dryRun(@ModelAttribute("filter") Filter filter, @RequestParam(required = false) Integer partition,
            @RequestParam(required = false) Long offset, Model model) {
        model.addAttribute("partition", partition);
        model.addAttribute("offset", offset);
        model.addAttribute("perMinute", limit.perMinute());
        Replays.Coordinates one = partition == null || offset == null ? null
                : new Replays.Coordinates(partition, offset);
        return list(filter, one, model, "console/dry-run");
    }

    @PostMapping("/console/dead-letters/replay")
    String replay(@ModelAttribute Filter filter, @RequestParam(required = false) Integer partition,
            @RequestParam(required = false) Long offset, @RequestParam(required = false) String reason,
            Authentication signedIn, RedirectAttributes flash) {
        String back = "redirect:/console/dead-letters" + filter.query();
        String who = SignedIn.name(signedIn);
        if (reason == null || reason.isBlank() || reason.strip().length() > 512) {
            flash.addFlashAttribute("error", "A replay needs a reason (at most 512 characters): nothing replayed.");
            return back;
        }
        Replays.Selection selection;
        try {
            DeadLetterFilter parsed = filter.parsed();
            if (partition != null && offset != null) {
                selection = new Replays.Selection.Records(List.of(new Replays.Coordinates(partition, offset)));
            }
            else if (!parsed.isEmpty()) {
                selection = new Replays.Selection.Matching(parsed);
            }
            else {
                flash.addFlashAttribute("error", "Give a dead letter or a non-empty filter: nothing replayed.");
                return back;
            }
        }
        catch (IllegalArgumentException e) {
            flash.addFlashAttribute("error", e.getMessage() + ": nothing replayed.");
            return back;
        }
        Optional<Duration> wait = limit.take(who);
        if (wait.isPresent()) {
            log.warn("console replay by {} refused: more than {} a minute", who, limit.perMinute());
            flash.addFlashAttribute("error",
                    "At most " + limit.perMinute() + " replays a minute per account: try again in "
                            + Math.max(1, wait.get().toSeconds()) + " s. Nothing replayed.");
            return back;
        }
        Replays.Result result = replays.replay(null, who, reason.strip(), selection);
        flash.addFlashAttribute("replay", result);
        flash.addFlashAttribute("message", "Replay " + result.replayId() + " by " + who + ": " + result.records().size()
                + " dead letter(s) selected.");
        return back;
    }

    private String list(Filter filter, Replays.Coordinates one, Model model, String view) {
        List<DeadLetter> found;
        try {
            found = one != null ? deadLetters.find(one.partition(), one.offset()).stream().toList()
                    : deadLetters.list(filter.parsed());
        }
        catch (IllegalArgumentException e) {
            model.addAttribute("error", e.getMessage());
            found = List.of();
        }
        List<DeadLetter> shown = found.stream().limit(console.rows()).toList();
        var now = orders.of(shown.stream().map(ConsoleDeadLetters::rawId).filter(Objects::nonNull).toList());
        model.addAttribute("total", found.size());
        model.addAttribute("limit", console.rows());
        model.addAttribute("filterEmpty", filter.query().isEmpty());
        model.addAttribute("rows", shown.stream().map((d) -> {
            Long rawId = rawId(d);
            return new Listed(d, rawId, orderKey(d), rawId == null ? null : now.get(rawId));
        }).toList());
        return view;
    }

    private static Long rawId(DeadLetter d) {
        return d.payload() instanceof PayloadSummary.Notification n ? n.rawId() : null;
    }

    private static String orderKey(DeadLetter d) {
        return d.payload() instanceof PayloadSummary.Notification n ? n.orderKey() : d.key();
    }

}
