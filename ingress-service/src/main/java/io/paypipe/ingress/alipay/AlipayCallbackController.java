package io.paypipe.ingress.alipay;

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
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /notify/alipay}: Alipay {@code trade_status_sync} notifications (payments and refunds). The body
 * is read once as raw bytes and decoded here, never through {@code getParameter}. Success is the plain text
 * {@code success} once the notification is stored and the broker confirmed it (or an earlier delivery was
 * settled, or an intermediate status was logged); everything else is {@code fail} with a 4xx (bad request) or
 * 5xx (our trouble), and Alipay sends again. Log lines carry ids, the body's length and hash, never the body, a
 * buyer id or the signature.
 */
@RestController
class AlipayCallbackController {

    private static final Logger log = LoggerFactory.getLogger(AlipayCallbackController.class);

    private final CallbackGate gate;
    private final AlipayVerifier verifier;
    private final AlipayClassifier classifier;
    private final NotificationIntake intake;
    private final RefundIntake refunds;
    private final NotifyEventLog eventLog;

    AlipayCallbackController(CallbackGate gate, AlipayVerifier verifier, AlipayClassifier classifier,
                             NotificationIntake intake, RefundIntake refunds, NotifyEventLog eventLog) {
        this.gate = gate;
        this.verifier = verifier;
        this.classifier = classifier;
        this.intake = intake;
        this.refunds = refunds;
        this.eventLog = eventLog;
    }

    @PostMapping(path = "/notify/alipay", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<Object> notify(HttpServletRequest request) {
        return switch (CallbackBody.of(request)) {
            case Check.Rejected<byte[]> r -> rejected(r, BodyFingerprint.NONE);
            case Check.Ok<byte[]>(byte[] body) -> handle(body);
        };
    }

    private ResponseEntity<Object> handle(byte[] body) {
        Check<AlipayNotice> checked = AlipayForm.decode(body)
                .then(verifier::verify)
                .then(classifier::classify);
        return switch (checked) {
            case Check.Rejected<AlipayNotice> r -> rejected(r, BodyFingerprint.of(body));
            case Check.Ok<AlipayNotice>(AlipayNotice notice) -> gate.store(ChannelAck.ALIPAY, body, () -> store(notice));
        };
    }

    private ResponseEntity<Object> store(AlipayNotice notice) {
        return switch (notice) {
            case AlipayNotice.Intermediate i -> eventLog.append(i.notice())
                    ? ChannelAck.ALIPAY.success() : ChannelAck.ALIPAY.fail(Rejection.STORAGE_FAILED);
            case AlipayNotice.Payment p -> ack(intake.accept(p.notification()));
            case AlipayNotice.Refund r -> ack(refunds.accept(r.refund()));
        };
    }

    private static ResponseEntity<Object> ack(IntakeOutcome outcome) {
        return switch (outcome) {
            case IntakeOutcome.Published p -> ChannelAck.ALIPAY.success();
            case IntakeOutcome.AlreadySettled s -> ChannelAck.ALIPAY.success();
            case IntakeOutcome.StateChangedRepublished r -> ChannelAck.ALIPAY.success();
            case IntakeOutcome.StorageFailed s -> ChannelAck.ALIPAY.fail(Rejection.STORAGE_FAILED);
            case IntakeOutcome.PublishFailed p -> ChannelAck.ALIPAY.fail(Rejection.PUBLISH_FAILED);
        };
    }

    private static ResponseEntity<Object> rejected(Check.Rejected<?> r, BodyFingerprint body) {
        log.warn("alipay notification rejected: {} ({}) status={} body={}", r.rejection(), r.detail(),
                r.rejection().status().value(), body);
        return ChannelAck.ALIPAY.fail(r.rejection());
    }
}
