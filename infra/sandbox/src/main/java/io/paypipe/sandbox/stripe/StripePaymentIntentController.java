package io.paypipe.sandbox.stripe;

import io.paypipe.sandbox.query.OrderQueryProperties;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Stripe's PaymentIntents API under the sandbox's Stripe API base (stripe-java's
 * {@code StripeClient} with its API base set to {@code http://<sandbox>/sandbox/stripe}):
 * {@code GET /v1/payment_intents/{id}}, {@code GET /v1/payment_intents/search?query=…}
 * and {@code POST /v1/payment_intents/{id}/cancel}. Answers carry {@code Request-Id} and
 * {@code Stripe-Version}; a call failed with a timeout is held for
 * {@code sandbox.order-queries.timeout-hold}, then answered 504.
 */
@RestController
@RequestMapping("/sandbox/stripe/v1/payment_intents")
class StripePaymentIntentController {

    private final StripePaymentIntentApi api;

    private final OrderQueryProperties properties;

    StripePaymentIntentController(StripePaymentIntentApi api, OrderQueryProperties properties) {
        this.api = api;
        this.properties = properties;
    }

    @GetMapping("/search")
    ResponseEntity<String> search(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            HttpServletRequest request) throws InterruptedException {
        return answer(api.search(auth, params(request)), null);
    }

    @GetMapping("/{id}")
    ResponseEntity<String> retrieve(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            @PathVariable("id") String id) throws InterruptedException {
        return answer(api.retrieve(auth, id), null);
    }

    @PostMapping("/{id}/cancel")
    ResponseEntity<String> cancel(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            @RequestHeader(value = "Idempotency-Key", required = false) String key, @PathVariable("id") String id,
            HttpServletRequest request) throws InterruptedException {
        return answer(api.cancel(auth, id, params(request), key), key);
    }

    private ResponseEntity<String> answer(StripeApiResponse response, String idempotencyKey)
            throws InterruptedException {
        if (response.lost()) {
            Thread.sleep(properties.timeoutHold().toMillis());
            return ResponseEntity.status(HttpStatus.GATEWAY_TIMEOUT).build();
        }
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(response.status())
            .contentType(MediaType.APPLICATION_JSON)
            .header("Request-Id", StripeIds.request())
            .header("Stripe-Version", StripeEvents.API_VERSION);
        if (idempotencyKey != null) {
            answer.header("Idempotency-Key", idempotencyKey);
        }
        if (response.replayed()) {
            answer.header("Idempotent-Replayed", "true");
        }
        return answer.body(response.body());
    }

    private static Map<String, String> params(HttpServletRequest request) {
        Map<String, String> params = new LinkedHashMap<>();
        request.getParameterMap().forEach((key, values) -> params.put(key, values.length == 0 ? "" : values[0]));
        return params;
    }

}
