package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.query.OrderQueryProperties;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * {@code POST /sandbox/alipay/gateway.do}: where the official SDK's
 * {@code DefaultAlipayClient} posts when its server URL points at the sandbox (common
 * parameters in the query string, {@code biz_content} in the form body). A lost answer is
 * held for {@code sandbox.alipay.lost-answer-hold}, then replaced by a 504 (a timeout of
 * the order API for {@code sandbox.order-queries.timeout-hold}); an unavailable gateway
 * answers 503 with no body.
 */
@RestController
class AlipayGatewayController {

    private static final MediaType JSON_UTF8 = MediaType.parseMediaType("application/json;charset=utf-8");

    private final AlipayGateway gateway;

    private final AlipayRefundProperties properties;

    private final OrderQueryProperties queries;

    AlipayGatewayController(AlipayGateway gateway, AlipayRefundProperties properties, OrderQueryProperties queries) {
        this.gateway = gateway;
        this.properties = properties;
        this.queries = queries;
    }

    @PostMapping("/sandbox/alipay/gateway.do")
    ResponseEntity<String> gateway(HttpServletRequest request) throws InterruptedException {
        Map<String, String> params = new LinkedHashMap<>();
        request.getParameterMap().forEach((key, values) -> params.put(key, values.length == 0 ? "" : values[0]));
        AlipayGateway.Response response = gateway.handle(params,
                ServletUriComponentsBuilder.fromContextPath(request).build().toUriString());
        return switch (response.delivery()) {
            case ANSWER -> ResponseEntity.ok().contentType(JSON_UTF8).body(response.body());
            case ANSWER_LOST -> {
                Thread.sleep(properties.lostAnswerHold().toMillis());
                yield ResponseEntity.status(HttpStatus.GATEWAY_TIMEOUT).build();
            }
            case TIMEOUT -> {
                Thread.sleep(queries.timeoutHold().toMillis());
                yield ResponseEntity.status(HttpStatus.GATEWAY_TIMEOUT).build();
            }
            case UNAVAILABLE -> ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).build();
        };
    }

}
