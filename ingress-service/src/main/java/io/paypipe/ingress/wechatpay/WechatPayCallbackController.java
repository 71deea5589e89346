package io.paypipe.ingress.wechatpay;

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
 * {@code POST /notify/wechatpay}: WeChat Pay v3 payment and refund notifications. Success (204, no body) only
 * once the notification is stored (and, for final states and refunds, the broker confirmed it), or an
 * earlier delivery was already settled; everything else gets {@code {"code":"FAIL",...}} with a 4xx (bad
 * request) or 5xx (our trouble) so that WeChat pushes again. Log lines carry ids, the body's length and
 * hash, never the body or a key. The body was read before (without a permit, under a deadline); the signature is
 * checked without a permit too; only storing and publishing go through the {@link CallbackGate}.
 */
@RestController
class WechatPayCallbackController {

    private static final Logger log = LoggerFactory.getLogger(WechatPayCallbackController.class);

    private final CallbackGate gate;
    private final ReplayWindow replayWindow;
    private final NotificationOpener opener;
    private final TransactionClassifier transactions;
    private final RefundClassifier refunds;
    private final NotificationIntake intake;
    private final RefundIntake refundIntake;
    private final NotifyEventLog eventLog;

    WechatPayCallbackController(CallbackGate gate, ReplayWindow replayWindow, NotificationOpener opener,
                                TransactionClassifier transactions, RefundClassifier refunds, NotificationIntake intake,
                                RefundIntake refundIntake, NotifyEventLog eventLog) {
        this.gate = gate;
        this.replayWindow = replayWindow;
        this.opener = opener;
        this.transactions = transactions;
        this.refunds = refunds;
        this.intake = intake;
        this.refundIntake = refundIntake;
        this.eventLog = eventLog;
    }

    @PostMapping(path = "/notify/wechatpay", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Object> notify(@RequestHeader HttpHeaders headers, HttpServletRequest request) {
        return switch (CallbackBody.of(request)) {
            case Check.Rejected<byte[]> r -> rejected(r, headers, BodyFingerprint.NONE);
            case Check.Ok<byte[]>(byte[] body) -> handle(headers, body);
        };
    }

    private ResponseEntity<Object> handle(HttpHeaders headers, byte[] body) {
        Check<Classification> checked = WechatPayHeaders.from(headers)
                .then(replayWindow::check)
                .then(h -> opener.open(h, body))
                .then(this::classify);
        return switch (checked) {
            case Check.Rejected<Classification> r -> rejected(r, headers, BodyFingerprint.of(body));
            case Check.Ok<Classification>(Classification c) -> gate.store(ChannelAck.WECHATPAY, body, () -> store(c));
        };
    }

    private ResponseEntity<Object> store(Classification classification) {
        return switch (classification) {
            case Classification.Intermediate i -> eventLog.append(i.notice())
                    ? ChannelAck.WECHATPAY.success() : ChannelAck.WECHATPAY.fail(Rejection.STORAGE_FAILED);
            case Classification.Final f -> ack(intake.accept(f.notification()));
            case Classification.Refund r -> ack(refundIntake.accept(r.refund()));
        };
    }

    private Check<Classification> classify(OpenedNotification opened) {
        return switch (opened.envelope().kind()) {
            case PAYMENT -> transactions.classify(opened);
            case REFUND -> refunds.classify(opened);
        };
    }

    private static ResponseEntity<Object> ack(IntakeOutcome outcome) {
        return switch (outcome) {
            case IntakeOutcome.Published p -> ChannelAck.WECHATPAY.success();
            case IntakeOutcome.AlreadySettled s -> ChannelAck.WECHATPAY.success();
            case IntakeOutcome.StateChangedRepublished r -> ChannelAck.WECHATPAY.success();
            case IntakeOutcome.StorageFailed s -> ChannelAck.WECHATPAY.fail(Rejection.STORAGE_FAILED);
            case IntakeOutcome.PublishFailed p -> ChannelAck.WECHATPAY.fail(Rejection.PUBLISH_FAILED);
        };
    }

    private static ResponseEntity<Object> rejected(Check.Rejected<?> r, HttpHeaders headers, BodyFingerprint body) {
        log.warn("wechatpay notification rejected: {} ({}) status={} serial={} body={}", r.rejection(), r.detail(),
                r.rejection().status().value(), WechatPayHeaders.loggableSerial(headers), body);
        return ChannelAck.WECHATPAY.fail(r.rejection());
    }
}
