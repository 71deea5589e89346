package io.paypipe.ingress.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.ingress.callback.CallbackFlow;
import io.paypipe.ingress.callback.ChannelAck;
import io.paypipe.ingress.unverified.UnverifiedCallbacks;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /notify/alipay}: Alipay {@code trade_status_sync} notifications (payments
 * and refunds), through the {@link CallbackFlow}. Alipay's checks need the body only: the
 * form is decoded from the raw bytes here ({@link AlipayForm}), never through
 * {@code getParameter}, then verified with the app's key and classified. Success is the
 * plain text {@code success}; every refusal is {@code fail} with a 4xx (bad request) or
 * 5xx (our trouble), and Alipay sends again. A notification whose signature fails but
 * that names a pending order (its {@code out_trade_no} under {@code app_id}) schedules an
 * early query of that order ({@link UnverifiedCallbacks}); its answer stays {@code fail}.
 * Log lines never carry a buyer id or the signature.
 */
@RestController
class AlipayCallbackController {

    private final CallbackFlow.Endpoint endpoint;

    AlipayCallbackController(CallbackFlow flow, AlipayVerifier verifier, AlipayClassifier classifier, AlipayApps apps,
            UnverifiedCallbacks unverified) {
        this.endpoint = flow.endpoint(ChannelAck.ALIPAY,
                unverified.watching(Channel.ALIPAY,
                        (headers, body) -> AlipayForm.decode(body).then(verifier::verify).then(classifier::classify),
                        body -> AlipayNamedOrder.of(apps, body)));
    }

    @PostMapping(path = "/notify/alipay", consumes = MediaType.APPLICATION_FORM_URLENCODED_VALUE)
    ResponseEntity<Object> notify(@RequestHeader HttpHeaders headers, HttpServletRequest request) {
        return endpoint.answer(headers, request);
    }

}
