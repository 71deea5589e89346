package io.paypipe.sandbox.stripe;

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
 * Stripe's API base for the official stripe-java ({@code StripeClient} with its API base
 * set to {@code http://<sandbox>/sandbox/stripe}): {@code POST /v1/refunds} (form),
 * {@code GET /v1/refunds/{id}}, {@code GET /v1/refunds}. Answers carry
 * {@code Request-Id}, {@code Stripe-Version}, and on a create with a key
 * {@code Idempotency-Key} (plus {@code Idempotent-Replayed: true} for a replay). A lost
 * answer is held for {@code sandbox.stripe.lost-answer-hold}, then a 504.
 */
@RestController
@RequestMapping("/sandbox/stripe/v1")
class StripeApiController {

    private final StripeRefundApi api;

    private final StripeRefundProperties properties;

    StripeApiController(StripeRefundApi api, StripeRefundProperties properties) {
        this.api = api;
        this.properties = properties;
    }

    @PostMapping("/refunds")
    ResponseEntity<String> create(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            @RequestHeader(value = "Idempotency-Key", required = false) String key, HttpServletRequest request)
            throws InterruptedException {
        StripeApiResponse response = api.create(auth, params(request), key);
        if (response.lost()) {
            Thread.sleep(properties.lostAnswerHold().toMillis());
            return ResponseEntity.status(HttpStatus.GATEWAY_TIMEOUT).build();
        }
        ResponseEntity.BodyBuilder answer = answer(response);
        if (key != null) {
            answer.header("Idempotency-Key", key);
        }
        if (response.replayed()) {
            answer.header("Idempotent-Replayed", "true");
        }
        return answer.body(response.body());
    }

    @GetMapping("/refunds/{id}")
    ResponseEntity<String> retrieve(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            @PathVariable("id") String id) {
        StripeApiResponse response = api.retrieve(auth, id);
        return answer(response).body(response.body());
    }

    @GetMapping("/refunds")
    ResponseEntity<String> list(@RequestHeader(value = HttpHeaders.AUTHORIZATION, required = false) String auth,
            HttpServletRequest request) {
        StripeApiResponse response = api.list(auth, params(request));
        return answer(response).body(response.body());
    }

    private static ResponseEntity.BodyBuilder answer(StripeApiResponse response) {
        return ResponseEntity.status(response.status())
            .contentType(MediaType.APPLICATION_JSON)
            .header("Request-Id", StripeIds.request())
            .header("Stripe-Version", StripeEvents.API_VERSION);
    }

    private static Map<String, String> params(HttpServletRequest request) {
        Map<String, String> params = new LinkedHashMap<>();
        request.getParameterMap().forEach((key, values) -> params.put(key, values.length == 0 ? "" : values[0]));
        return params;
    }

}
