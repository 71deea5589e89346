package io.paypipe.ingress.callback;

import io.paypipe.ingress.intake.Classified;
import io.paypipe.ingress.intake.IntakeOutcome;
import io.paypipe.ingress.intake.PaymentIntake;
import io.paypipe.ingress.intake.NotifyEventLog;
import io.paypipe.ingress.intake.RefundIntake;
import io.paypipe.support.logging.LogFields;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * The one shape of every channel's callback endpoint; a channel plugs in only its checks
 * ({@link ChannelCheck}) and its ack ({@link ChannelAck}):
 * <ol>
 * <li>the body {@link CallbackBodyFilter} read before the controller ran (or why there is
 * none);</li>
 * <li>the {@link CallbackAdmission}: past its limit of callbacks in progress, the fail
 * ack at once ({@link Rejection#BUSY}), before any check;</li>
 * <li>the channel's checks, from the headers and the raw bytes to a {@link Classified}:
 * signature, timestamp, decoding, owner, fields. CPU work, done without a permit;</li>
 * <li>the {@link CallbackGate} (one store per identical body, the bulkhead; a delivery
 * waiting there for an identical body leaves its admission place), then the intake the
 * classification names: payments, refunds, or the event log for intermediate and ignored
 * notifications;</li>
 * <li>the channel's answer to what became of it ({@link ChannelAck#answer}).</li>
 * </ol>
 * A refusal at step 1 or 3 gets the channel's fail ack and exactly one log line,
 * {@code <label> rejected: <REASON>
 * (<detail>) status=<n> [<channel ids>] body=<length>B sha256:<prefix>}: ids, never the
 * body, a key or a signature. A refusal at step 2 is counted as {@code busy} like the
 * bulkhead's, its WARN line written at most once a second ({@link CallbackAdmission}).
 */
@Component
public class CallbackFlow {

    private static final Logger log = LoggerFactory.getLogger(CallbackFlow.class);

    /**
     * One channel's checks: from the headers and the raw body to what the notification
     * is, or why it is refused.
     */
    @FunctionalInterface
    public interface ChannelCheck {

        Check<Classified> check(HttpHeaders headers, byte[] body);

    }

    /** A channel's endpoint in this flow: what its controller's mapping answers. */
    @FunctionalInterface
    public interface Endpoint {

        ResponseEntity<Object> answer(HttpHeaders headers, HttpServletRequest request);

    }

    private final CallbackAdmission admission;

    private final CallbackGate gate;

    private final PaymentIntake payments;

    private final RefundIntake refunds;

    private final NotifyEventLog eventLog;

    private final CallbackTally tally;

    CallbackFlow(CallbackAdmission admission, CallbackGate gate, PaymentIntake payments, RefundIntake refunds,
            NotifyEventLog eventLog, CallbackTally tally) {
        this.admission = admission;
        this.gate = gate;
        this.payments = payments;
        this.refunds = refunds;
        this.eventLog = eventLog;
        this.tally = tally;
    }

    /**
     * The endpoint of {@code channel}, whose callbacks {@code check} verifies and
     * classifies.
     */
    public Endpoint endpoint(ChannelAck channel, ChannelCheck check) {
        return endpoint(channel, check, headers -> "");
    }

    /**
     * As {@link #endpoint(ChannelAck, ChannelCheck)}, and {@code rejectionIds} adds the
     * channel's own ids to a rejection's log line (e.g. {@code serial=...}, empty for
     * none). They come from caller-controlled headers: loggable forms only.
     */
    public Endpoint endpoint(ChannelAck channel, ChannelCheck check, Function<HttpHeaders, String> rejectionIds) {
        return (headers, request) -> {
            long start = System.nanoTime();
            return switch (CallbackBody.of(request)) {
                case Check.Rejected<byte[]> r ->
                    rejected(channel, r, rejectionIds.apply(headers), BodyFingerprint.NONE, start);
                case Check.Ok<byte[]>(byte[] body) -> admitted(channel, check, rejectionIds, headers, body, start);
            };
        };
    }

    private ResponseEntity<Object> admitted(ChannelAck channel, ChannelCheck check,
            Function<HttpHeaders, String> rejectionIds, HttpHeaders headers, byte[] body, long start) {
        Optional<CallbackAdmission.Place> admitted = admission.tryEnter();
        if (admitted.isEmpty()) {
            tally.rejected(channel, Rejection.BUSY, start);
            admission.refused(channel);
            return channel.fail(Rejection.BUSY);
        }
        try (CallbackAdmission.Place place = admitted.get()) {
            return switch (check.check(headers, body)) {
                case Check.Rejected<Classified> r ->
                    rejected(channel, r, rejectionIds.apply(headers), BodyFingerprint.of(body), start);
                case Check.Ok<Classified>(Classified classified) -> gate.store(channel, merchant(classified), body,
                        start, place, () -> answer(channel, classified, start));
            };
        }
    }

    private ResponseEntity<Object> answer(ChannelAck channel, Classified classified, long start) {
        IntakeOutcome outcome = store(channel, classified);
        tally.stored(channel, merchant(classified), outcome, start);
        return channel.answer(outcome);
    }

    private IntakeOutcome store(ChannelAck channel, Classified classified) {
        return switch (classified) {
            case Classified.Payment p -> payments.accept(p.payment());
            case Classified.Refund r -> refunds.accept(r.refund());
            case Classified.Intermediate i -> eventLog.append(i.notice());
            case Classified.Ignored i -> {
                log.debug("{} {} {} for {}: {}; event log only", channel.label(), i.notice().notifyId(),
                        i.notice().state(), i.notice().merchantId(), i.why());
                yield eventLog.append(i.notice());
            }
        };
    }

    /** The verified merchant of {@code classified}, the tag of its meters. */
    static String merchant(Classified classified) {
        return switch (classified) {
            case Classified.Payment p -> p.payment().orderKey().merchantId().value();
            case Classified.Refund r -> r.refund().merchantId().value();
            case Classified.Intermediate i -> i.notice().merchantId().value();
            case Classified.Ignored i -> i.notice().merchantId().value();
        };
    }

    private ResponseEntity<Object> rejected(ChannelAck channel, Check.Rejected<?> r, String ids, BodyFingerprint body,
            long start) {
        tally.rejected(channel, r.rejection(), start);
        log.atWarn()
            .addKeyValue(LogFields.CHANNEL, channel.label())
            .addKeyValue(LogFields.OUTCOME, "rejected")
            .addKeyValue("reason", r.rejection())
            .addKeyValue(LogFields.DURATION_MS, (System.nanoTime() - start) / 1_000_000)
            .log("{} rejected: {} ({}) status={}{} body={}", channel.label(), r.rejection(), r.detail(),
                    r.rejection().status().value(), ids.isEmpty() ? "" : " " + ids, body);
        return channel.fail(r.rejection());
    }

}
