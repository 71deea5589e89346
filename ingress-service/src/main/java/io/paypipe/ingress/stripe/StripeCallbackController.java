package io.paypipe.ingress.stripe;

import io.paypipe.core.id.Channel;
import io.paypipe.ingress.callback.CallbackBody;
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
 * {@code POST /notify/stripe}: Stripe webhook events, through the {@link CallbackFlow}.
 * Stripe's checks: the {@code Stripe-Signature} header, its timestamp within the
 * tolerance both ways, strict UTF-8, the signature and the merchant
 * ({@link StripeEventVerifier}), then the classifier. Success is 200
 * {@code {"received":true}} (Stripe reads any 2xx), also for an event with nothing to do
 * once it is in the event log; every refusal a 4xx (bad request) or 5xx (our trouble),
 * and Stripe retries. An event whose signature fails but that names a pending order
 * ({@code data.object.metadata.out_trade_no}, of its {@code account} or of any Stripe
 * account) schedules an early query of that order ({@link UnverifiedCallbacks}); its
 * answer stays the refusal. Log lines never carry the endpoint secret or the
 * {@code Stripe-Signature}.
 */
@RestController
class StripeCallbackController {

    private final CallbackFlow.Endpoint endpoint;

    StripeCallbackController(CallbackFlow flow, StripeEventVerifier verifier, StripeEventClassifier classifier,
            StripeMerchants merchants, UnverifiedCallbacks unverified) {
        this.endpoint = flow.endpoint(ChannelAck.STRIPE,
                unverified.watching(Channel.STRIPE,
                        (headers, body) -> StripeSignatureHeader.parse(headers.getFirst(StripeSignatureHeader.NAME))
                            .then(verifier::withinTolerance)
                            .then(header -> CallbackBody.utf8(body).then(text -> verifier.verify(header, text)))
                            .then(classifier::classify),
                        body -> StripeNamedOrder.of(merchants, body)));
    }

    @PostMapping(path = "/notify/stripe", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<Object> notify(@RequestHeader HttpHeaders headers, HttpServletRequest request) {
        return endpoint.answer(headers, request);
    }

}
