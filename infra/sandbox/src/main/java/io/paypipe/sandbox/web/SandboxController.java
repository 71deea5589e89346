package io.paypipe.sandbox.web;

import io.paypipe.core.event.OrderCreated;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.wechatpay.NotificationPusher;
import io.paypipe.sandbox.wechatpay.SignedNotification;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** The sandbox's small HTTP API: create orders, make WeChat pay them, look at deliveries. */
@RestController
@RequestMapping("/sandbox")
public class SandboxController {

    static final int MAX_COPIES = 100;
    static final int MAX_SIGN_BATCH = 5000;

    private final SandboxMerchants merchants;
    private final SandboxOrders orders;
    private final WechatPayPayments payments;
    private final NotificationPusher pusher;

    public SandboxController(SandboxMerchants merchants, SandboxOrders orders, WechatPayPayments payments,
                             NotificationPusher pusher) {
        this.merchants = merchants;
        this.orders = orders;
        this.payments = payments;
        this.pusher = pusher;
    }

    public record CreateOrderRequest(String merchantId, String outTradeNo, Long amountFen) {
    }

    public record PaymentRequest(String merchantId, String outTradeNo, Long totalFen, Long payerTotalFen,
                                 Integer copies) {
    }

    public record PaymentResponse(String notificationId, String transactionId, String merchantId, String outTradeNo,
                                  int copies, String notifyUrl) {
    }

    /** Notifications to sign without pushing them: a load driver delivers them itself. */
    public record SignRequest(String merchantId, List<SignItem> payments) {
    }

    public record SignItem(String outTradeNo, Long totalFen) {
    }

    /** One notification as it goes on the wire: its headers and its body (UTF-8 JSON, sent byte for byte). */
    public record SignedView(String outTradeNo, String notificationId, Map<String, String> headers, String body) {
    }

    public record NotificationHistory(String notificationId, List<NotificationPusher.Delivery> deliveries) {
    }

    public record MerchantView(String tenant, String merchantId, List<String> subMerchantIds, String appId,
                               String publicKeyId) {
    }

    /** Publishes {@code OrderCreated} to {@code order.created}; 201 with the event once the broker acked. */
    @PostMapping("/orders")
    public ResponseEntity<OrderCreated> createOrder(@RequestBody CreateOrderRequest request) {
        require(request.merchantId() != null && request.outTradeNo() != null && request.amountFen() != null,
                "merchantId, outTradeNo and amountFen are required");
        OrderCreated order = orders.create(request.merchantId(), request.outTradeNo(), request.amountFen());
        return ResponseEntity.status(HttpStatus.CREATED).body(order);
    }

    /** Builds one signed TRANSACTION.SUCCESS and pushes it {@code copies} times; 202, pushes run in the background. */
    @PostMapping("/wechatpay/payments")
    public ResponseEntity<PaymentResponse> pay(@RequestBody PaymentRequest request) {
        require(request.merchantId() != null && request.outTradeNo() != null && request.totalFen() != null,
                "merchantId, outTradeNo and totalFen are required");
        int copies = request.copies() == null ? 1 : request.copies();
        require(copies >= 1 && copies <= MAX_COPIES, "copies must be between 1 and " + MAX_COPIES);
        WechatPayPayments.Payment payment = payments.pay(request.merchantId(), request.outTradeNo(), request.totalFen(),
                request.payerTotalFen(), copies);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(new PaymentResponse(payment.notification().id(),
                payment.spec().transactionId(), request.merchantId(), request.outTradeNo(), copies,
                pusher.notifyUrl().toString()));
    }

    /**
     * Signs one TRANSACTION.SUCCESS per payment (each with a fresh transaction_id) and returns them, pushing none:
     * for the benchmark driver, which sends them itself. At most {@value #MAX_SIGN_BATCH} per request.
     */
    @PostMapping("/wechatpay/notifications")
    public List<SignedView> sign(@RequestBody SignRequest request) {
        require(request.merchantId() != null && request.payments() != null && !request.payments().isEmpty(),
                "merchantId and payments are required");
        require(request.payments().size() <= MAX_SIGN_BATCH, "at most " + MAX_SIGN_BATCH + " payments per request");
        require(request.payments().stream().allMatch(p -> p.outTradeNo() != null && p.totalFen() != null),
                "every payment needs outTradeNo and totalFen");
        return request.payments().parallelStream().map(p -> {
            SignedNotification n = payments.signOnly(request.merchantId(), p.outTradeNo(), p.totalFen());
            return new SignedView(p.outTradeNo(), n.id(), n.headers(), n.bodyAsString());
        }).toList();
    }

    /** Delivery history of one notification: one entry per push, each with its attempts. */
    @GetMapping("/notifications/{id}")
    public NotificationHistory notification(@PathVariable("id") String id) {
        List<NotificationPusher.Delivery> deliveries = pusher.deliveries(id);
        if (deliveries.isEmpty()) {
            throw new NoSuchElementException("unknown notification " + id);
        }
        return new NotificationHistory(id, deliveries);
    }

    /** The merchants (public data only). */
    @GetMapping("/merchants")
    public List<MerchantView> merchants() {
        return merchants.all().stream()
                .map(m -> new MerchantView(m.tenant(), m.merchantId(), m.subMerchantIds(), m.appId(),
                        m.wechatPayKeys().publicKeyId()))
                .toList();
    }

    @ExceptionHandler(NoSuchElementException.class)
    ResponseEntity<Map<String, String>> notFound(NoSuchElementException e) {
        return error(HttpStatus.NOT_FOUND, e.getMessage());
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<Map<String, String>> badRequest(IllegalArgumentException e) {
        return error(HttpStatus.BAD_REQUEST, e.getMessage());
    }

    @ExceptionHandler(IllegalStateException.class)
    ResponseEntity<Map<String, String>> unavailable(IllegalStateException e) {
        return error(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
    }

    private static ResponseEntity<Map<String, String>> error(HttpStatus status, String message) {
        return ResponseEntity.status(status).body(Map.of("error", String.valueOf(message)));
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
