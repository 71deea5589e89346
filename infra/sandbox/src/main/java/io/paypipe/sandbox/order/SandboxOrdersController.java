package io.paypipe.sandbox.order;

import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.sandbox.web.UnavailableOnIllegalState;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /sandbox/orders}: the merchant's order system creates a CNY order of a
 * WeChat Pay merchant (direct or sub-merchant) or an Alipay app; the merchant id says
 * which channel pays it. Stripe's orders: {@code POST /sandbox/stripe/orders}.
 */
@RestController
@RequestMapping("/sandbox")
@UnavailableOnIllegalState
class SandboxOrdersController {

    private final SandboxOrders orders;

    SandboxOrdersController(SandboxOrders orders) {
        this.orders = orders;
    }

    record CreateOrderRequest(String merchantId, String outTradeNo, Long amountFen) {
    }

    /**
     * Publishes {@code OrderCreated} to {@code order.created}; 201 with the event once
     * the broker acked.
     */
    @PostMapping("/orders")
    ResponseEntity<OrderCreated> createOrder(@RequestBody CreateOrderRequest request) {
        require(request.merchantId() != null && request.outTradeNo() != null && request.amountFen() != null,
                "merchantId, outTradeNo and amountFen are required");
        OrderCreated order = orders.create(request.merchantId(), request.outTradeNo(), request.amountFen());
        return ResponseEntity.status(HttpStatus.CREATED).body(order);
    }

}
