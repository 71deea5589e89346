package io.paypipe.sandbox.stripe;

import static io.paypipe.sandbox.web.SandboxRequests.copies;
import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.web.UnavailableOnIllegalState;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sandbox's Stripe API: create Stripe orders, make Stripe pay them, look at the
 * deliveries.
 */
@RestController
@RequestMapping("/sandbox/stripe")
@UnavailableOnIllegalState
public class StripeSandboxController {

    private final StripePayments payments;

    public StripeSandboxController(StripePayments payments) {
        this.payments = payments;
    }

    public record OrderRequest(String account, String outTradeNo, Long amount, String currency) {
    }

    /**
     * {@code event}: {@code succeeded} (default), {@code payment_failed},
     * {@code canceled}, {@code processing}, {@code requires_action};
     * {@code amountReceived} defaults to {@code amount}; {@code connect} names the
     * account.
     */
    public record PaymentRequest(String account, String outTradeNo, Long amount, String currency, Long amountReceived,
            String event, Boolean connect, Integer copies) {
    }

    public record PaymentResponse(String eventId, String type, String paymentIntentId, String account,
            String outTradeNo, int copies, String notifyUrl) {
    }

    public record EventHistory(String eventId, List<NotificationPusher.Delivery> deliveries) {
    }

    public record AccountView(String tenant, String account) {
    }

    /**
     * Publishes {@code OrderCreated} (channel STRIPE) to {@code order.created}; 201 once
     * the broker acked.
     */
    @PostMapping("/orders")
    public ResponseEntity<OrderCreated> createOrder(@RequestBody OrderRequest request) {
        require(request.account() != null && request.outTradeNo() != null && request.amount() != null
                && request.currency() != null, "account, outTradeNo, amount and currency are required");
        return ResponseEntity.status(HttpStatus.CREATED)
            .body(payments.createOrder(request.account(), request.outTradeNo(), request.amount(), request.currency()));
    }

    /**
     * Builds one signed PaymentIntent event and pushes it {@code copies} times; 202,
     * pushes run in the background.
     */
    @PostMapping("/payments")
    public ResponseEntity<PaymentResponse> pay(@RequestBody PaymentRequest request) {
        require(request.account() != null && request.outTradeNo() != null && request.amount() != null
                && request.currency() != null, "account, outTradeNo, amount and currency are required");
        require(request.amount() >= 0, "amount must not be negative");
        int copies = copies(request.copies());
        PaymentIntentEvent event = event(request.event());
        PaymentIntentSpec spec = PaymentIntentSpec
            .of(payments.merchants().get(request.account()), request.outTradeNo(), request.amount(), request.currency())
            .withConnect(Boolean.TRUE.equals(request.connect()));
        if (request.amountReceived() != null) {
            spec = spec.withAmountReceived(request.amountReceived());
        }
        StripePayments.Payment payment = payments.push(spec, event, copies);
        return ResponseEntity.status(HttpStatus.ACCEPTED)
            .body(new PaymentResponse(payment.notification().id(), event.type(), spec.paymentIntentId(),
                    request.account(), request.outTradeNo(), copies, payments.pusher().notifyUrl().toString()));
    }

    /** Delivery history of one event: one entry per push, each with its attempts. */
    @GetMapping("/events/{id}")
    public EventHistory history(@PathVariable("id") String id) {
        List<NotificationPusher.Delivery> deliveries = payments.pusher().deliveries(id);
        if (deliveries.isEmpty()) {
            throw new NoSuchElementException("unknown event " + id);
        }
        return new EventHistory(id, deliveries);
    }

    /** The Stripe accounts (no secrets). */
    @GetMapping("/merchants")
    public List<AccountView> merchants() {
        return payments.merchants().all().stream().map(m -> new AccountView(m.tenant(), m.account())).toList();
    }

    private static PaymentIntentEvent event(String name) {
        if (name == null) {
            return PaymentIntentEvent.SUCCEEDED;
        }
        try {
            return PaymentIntentEvent.valueOf(name.toUpperCase(Locale.ROOT));
        }
        catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown event " + name);
        }
    }

}
