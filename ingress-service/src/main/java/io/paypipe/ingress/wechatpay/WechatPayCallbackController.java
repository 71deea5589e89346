package io.paypipe.ingress.wechatpay;

import io.paypipe.ingress.callback.CallbackFlow;
import io.paypipe.ingress.callback.ChannelAck;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /notify/wechatpay}: WeChat Pay v3 payment and refund notifications, through
 * the {@link CallbackFlow}. WeChat's checks: the {@code Wechatpay-*} headers, the replay
 * window, the platform signature and decryption ({@link SignedResourceOpener}), then the
 * transaction or refund classifier by the envelope's kind. Success is 204 without a body;
 * every refusal {@code {"code":"FAIL",...}} with a 4xx (bad request) or 5xx (our
 * trouble), and WeChat pushes again. A rejection's log line also names the
 * {@code Wechatpay-Serial} (in a loggable form).
 */
@RestController
class WechatPayCallbackController {

    private final CallbackFlow.Endpoint endpoint;

    WechatPayCallbackController(CallbackFlow flow, ReplayWindow replayWindow, SignedResourceOpener opener,
            TransactionClassifier transactions, RefundClassifier refunds) {
        this.endpoint = flow.endpoint(ChannelAck.WECHATPAY,
                (headers, body) -> WechatPayHeaders.from(headers)
                    .then(replayWindow::check)
                    .then(h -> opener.open(h, body))
                    .then(opened -> switch (opened.envelope().kind()) {
                        case PAYMENT -> transactions.classify(opened);
                        case REFUND -> refunds.classify(opened);
                    }),
                headers -> "serial=" + WechatPayHeaders.loggableSerial(headers));
    }

    @PostMapping(path = "/notify/wechatpay", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Object> notify(@RequestHeader HttpHeaders headers, HttpServletRequest request) {
        return endpoint.answer(headers, request);
    }

}
