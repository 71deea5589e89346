package io.paypipe.reconcile.recon.web;

import io.paypipe.core.id.Channel;
import io.paypipe.reconcile.config.ReconcileProperties;
import io.paypipe.reconcile.bill.guard.BillDay;
import io.paypipe.reconcile.recon.RunKind;
import io.paypipe.reconcile.recon.RunRequest;
import io.paypipe.reconcile.recon.Source;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Reads the bodies of {@code POST /recon/runs} and {@code POST /recon/imports} into a
 * {@link RunRequest}, or says what is wrong: an unknown channel or kind, a merchant id
 * that is not 1 to 64 characters, a day that is not {@code yyyy-MM-dd} or not over yet in
 * the channel's zone (no channel has its bill; unless
 * {@code reconcile.bill.current-day-allowed}, for the sandbox that bills today), an
 * import path that is not an absolute path to a readable file on this service's machine.
 * A drop below the comparable day's share is confirmed with {@code "confirmDrop": true}
 * and recorded as confirmed by the signed-in account; a {@code confirmedBy} still sent
 * must name that account (then it confirms too), else the form is invalid.
 */
@Component
class RunForms {

    private final Clock clock;

    private final boolean currentDayAllowed;

    @Autowired
    RunForms(Clock clock, ReconcileProperties properties) {
        this(clock, properties.bill().currentDayAllowed());
    }

    RunForms(Clock clock, boolean currentDayAllowed) {
        this.clock = clock;
        this.currentDayAllowed = currentDayAllowed;
    }

    /** {@code kind} T+1 when not given. */
    record RunBody(String channel, String merchantId, String day, String kind, Boolean confirmDrop,
            String confirmedBy) {
    }

    /**
     * {@code kind} RERUN when not given; {@code summaryPath} Stripe's summary report.
     */
    record ImportBody(String path, String summaryPath, String channel, String merchantId, String day, String kind,
            Boolean confirmDrop, String confirmedBy) {
    }

    sealed interface Form {

        record Valid(RunRequest request) implements Form {
        }

        record Invalid(String message) implements Form {
        }

    }

    /** {@code person}: the signed-in account. */
    Form run(RunBody body, String person) {
        Optional<Form.Invalid> someoneElse = someoneElse(body.confirmedBy(), person);
        if (someoneElse.isPresent()) {
            return someoneElse.get();
        }
        return request(body.channel(), body.merchantId(), body.day(), body.kind(), RunKind.T_PLUS_1,
                confirmer(body.confirmDrop(), body.confirmedBy(), person), new Source.Fetch());
    }

    /** {@code person}: the signed-in account. */
    Form imported(ImportBody body, String person) {
        Optional<Form.Invalid> someoneElse = someoneElse(body.confirmedBy(), person);
        if (someoneElse.isPresent()) {
            return someoneElse.get();
        }
        Optional<Path> bill = file(body.path());
        if (bill.isEmpty()) {
            return new Form.Invalid("path must be the absolute path of a readable file on the service's machine");
        }
        Optional<Path> summary = Optional.empty();
        if (body.summaryPath() != null && !body.summaryPath().isBlank()) {
            summary = file(body.summaryPath());
            if (summary.isEmpty()) {
                return new Form.Invalid("summaryPath must be the absolute path of a readable file");
            }
        }
        return request(body.channel(), body.merchantId(), body.day(), body.kind(), RunKind.RERUN,
                confirmer(body.confirmDrop(), body.confirmedBy(), person), new Source.Import(bill.get(), summary));
    }

    private static Optional<Form.Invalid> someoneElse(String confirmedBy, String person) {
        if (confirmedBy == null || confirmedBy.isBlank() || confirmedBy.strip().equals(person)) {
            return Optional.empty();
        }
        return Optional.of(new Form.Invalid("confirmedBy is taken from your sign-in (" + person
                + "): send \"confirmDrop\": true instead of naming someone else"));
    }

    /** Who confirms a drop: the signed-in account, when the body confirms one. */
    private static String confirmer(Boolean confirmDrop, String confirmedBy, String person) {
        boolean confirms = Boolean.TRUE.equals(confirmDrop) || (confirmedBy != null && !confirmedBy.isBlank());
        return confirms ? person : null;
    }

    private Form request(String channelCode, String merchantId, String dayText, String kindText, RunKind byDefault,
            String confirmedBy, Source source) {
        Channel channel;
        try {
            channel = Channel.fromCode(String.valueOf(channelCode));
        }
        catch (IllegalArgumentException ex) {
            return new Form.Invalid("channel must be wechatpay, alipay or stripe");
        }
        if (merchantId == null || merchantId.isBlank() || merchantId.length() > 64) {
            return new Form.Invalid("merchantId must be 1 to 64 characters");
        }
        LocalDate day;
        try {
            day = LocalDate.parse(String.valueOf(dayText));
        }
        catch (DateTimeParseException ex) {
            return new Form.Invalid("day must be yyyy-MM-dd");
        }
        BillDay billDay = new BillDay(channel, day);
        LocalDate today = LocalDate.now(clock.withZone(billDay.zone()));
        if (day.isAfter(today) || (day.equals(today) && !currentDayAllowed)) {
            return new Form.Invalid("the day " + day + " is not over yet in " + billDay.zone() + ": no bill yet");
        }
        Optional<RunKind> kind = (kindText == null || kindText.isBlank()) ? Optional.of(byDefault)
                : RunKind.parse(kindText);
        if (kind.isEmpty()) {
            return new Form.Invalid("kind must be T+1, T+3 or RERUN");
        }
        Optional<String> by = Optional.ofNullable(confirmedBy).map(String::strip).filter((s) -> !s.isEmpty());
        if (by.filter((s) -> s.length() > 64).isPresent()) {
            return new Form.Invalid("confirmedBy must be at most 64 characters");
        }
        return new Form.Valid(new RunRequest(channel, merchantId.strip(), day, kind.get(), source, by));
    }

    private static Optional<Path> file(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(text);
            return (path.isAbsolute() && Files.isRegularFile(path) && Files.isReadable(path))
                    ? Optional.of(path.normalize()) : Optional.empty();
        }
        catch (InvalidPathException ex) {
            return Optional.empty();
        }
    }

}
