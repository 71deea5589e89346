package io.paypipe.ingress.stripe;

import io.paypipe.ingress.callback.BodyFingerprint;
import io.paypipe.ingress.callback.CallbackBody;
import io.paypipe.ingress.callback.CallbackGate;
import io.paypipe.ingress.callback.ChannelAck;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.callback.Rejection;
import io.paypipe.ingress.intake.IntakeOutcome;
import io.paypipe.ingress.intake.NotificationIntake;
import io.paypipe.ingress.intake.NotifyEventLog;
import io.paypipe.ingress.intake.RefundIntake;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /notify/stripe}: Stripe webhook events. Success (200 {@code {"received":true}}; Stripe reads any
 * 2xx) only once the event is stored and the broker confirmed it, an earlier delivery was already settled, or
 * an event with nothing to do is written to the event log; everything else gets a 4xx (bad request) or 5xx
 * (our trouble) so that Stripe retries. Log lines carry ids and the body's length and hash, never the body,
 * the endpoint secret or the {@code Stripe-Signature} header.
 */
@RestController
class StripeCallbackController {

    private static final Logger log = LoggerFactory.getLogger(StripeCallbackController.class);

    private final CallbackGate gate;
    private final StripeEventVerifier verifier;
    private final StripeEventClassifier classifier;
    private final NotificationIntake payments;
    private final RefundIntake refunds;
    private final NotifyEventLog eventLog;

    StripeCallbackController(CallbackGate gate, StripeEventVerifier verifier, StripeEventClassifier classifier,
                             NotificationIntake payments, RefundIntake refunds, NotifyEventLog eventLog) {
        this.gate = gate;
        this.verifier = verifier;
        this.classifier = classifier;
        this.payments = payments;
        this.refunds = refunds;
        this.eventLog = eventLog;
    }

    @PostMapping(path = "/notify/stripe", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Object> notify(@RequestHeader HttpHeaders headers, HttpServletRequest request) {
        return switch (CallbackBody.of(request)) {
            case Check.Rejected<byte[]> r -> rejected(r, BodyFingerprint.NONE);
            case Check.Ok<byte[]>(byte[] body) -> handle(headers, body);
        };
    }

    private ResponseEntity<Object> handle(HttpHeaders headers, byte[] body) {
        Check<StripeOutcome> checked = StripeSignatureHeader.parse(headers.getFirst(StripeSignatureHeader.NAME))
                .then(verifier::withinTolerance)
                .then(header -> CallbackBody.utf8(body).then(text -> verifier.verify(header, text)))
                .then(classifier::classify);
        return switch (checked) {
            case Check.Rejected<StripeOutcome> r -> rejected(r, BodyFingerprint.of(body));
            case Check.Ok<StripeOutcome>(StripeOutcome outcome) -> gate.store(ChannelAck.STRIPE, body, () -> store(outcome));
        };
    }

    private ResponseEntity<Object> store(StripeOutcome outcome) {
        return switch (outcome) {
            case StripeOutcome.Payment p -> acked(payments.accept(p.notification()));
            case StripeOutcome.Refund r -> acked(refunds.accept(r.refund()));
            case StripeOutcome.Logged l -> {
                log.info("stripe event {} {} for {}: {}; event log only", l.notice().notifyId(), l.notice().state(),
                        l.notice().merchantId(), l.why());
                yield eventLog.append(l.notice()) ? ChannelAck.STRIPE.success()
                        : ChannelAck.STRIPE.fail(Rejection.STORAGE_FAILED);
            }
        };
    }

    private static ResponseEntity<Object> acked(IntakeOutcome outcome) {
        return switch (outcome) {
            case IntakeOutcome.Published p -> ChannelAck.STRIPE.success();
            case IntakeOutcome.AlreadySettled s -> ChannelAck.STRIPE.success();
            case IntakeOutcome.StateChangedRepublished r -> ChannelAck.STRIPE.success();
            case IntakeOutcome.StorageFailed s -> ChannelAck.STRIPE.fail(Rejection.STORAGE_FAILED);
            case IntakeOutcome.PublishFailed p -> ChannelAck.STRIPE.fail(Rejection.PUBLISH_FAILED);
        };
    }

    private static ResponseEntity<Object> rejected(Check.Rejected<?> r, BodyFingerprint body) {
        log.warn("stripe event rejected: {} ({}) status={} body={}", r.rejection(), r.detail(),
                r.rejection().status().value(), body);
        return ChannelAck.STRIPE.fail(r.rejection());
    }
}
