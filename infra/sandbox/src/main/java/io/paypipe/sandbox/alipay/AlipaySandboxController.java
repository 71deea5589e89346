package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.wechatpay.NotificationPusher;
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

/** The sandbox's Alipay API: pay and refund orders (signed notifications pushed to ingress), look at deliveries. */
@RestController
@RequestMapping("/sandbox/alipay")
class AlipaySandboxController {

    static final int MAX_COPIES = 100;

    private final SandboxMerchants merchants;
    private final AlipayPayments payments;

    AlipaySandboxController(SandboxMerchants merchants, AlipayPayments payments) {
        this.merchants = merchants;
        this.payments = payments;
    }

    record PaymentRequest(String appId, String outTradeNo, Long totalFen, Long receiptFen, Integer copies) {
    }

    record RefundRequest(String appId, String outTradeNo, String tradeNo, Long totalFen, String outBizNo,
                         Long refundedFen, Integer copies) {
    }

    record PaymentResponse(String notifyId, String tradeNo, String appId, String outTradeNo, String tradeStatus,
                           int copies, String notifyUrl) {
    }

    record NotificationHistory(String notifyId, List<NotificationPusher.Delivery> deliveries) {
    }

    record MerchantView(String tenant, String appId, List<String> authAppIds, String alipayPublicKey) {
    }

    /** One signed TRADE_SUCCESS pushed {@code copies} times; 202, the pushes run in the background. */
    @PostMapping("/payments")
    ResponseEntity<PaymentResponse> pay(@RequestBody PaymentRequest request) {
        require(request.appId() != null && request.outTradeNo() != null && request.totalFen() != null,
                "appId, outTradeNo and totalFen are required");
        require(request.totalFen() > 0, "totalFen must be positive");
        return accepted(payments.pay(request.appId(), request.outTradeNo(), request.totalFen(), request.receiptFen(),
                copies(request.copies())));
    }

    /** The refund notification of a paid trade; {@code refundedFen} is the trade's cumulative refunded amount. */
    @PostMapping("/refunds")
    ResponseEntity<PaymentResponse> refund(@RequestBody RefundRequest request) {
        require(request.appId() != null && request.outTradeNo() != null && request.tradeNo() != null
                        && request.totalFen() != null && request.outBizNo() != null && request.refundedFen() != null,
                "appId, outTradeNo, tradeNo, totalFen, outBizNo and refundedFen are required");
        require(request.refundedFen() > 0 && request.refundedFen() <= request.totalFen(),
                "refundedFen must be positive and at most totalFen");
        return accepted(payments.refund(request.appId(), request.outTradeNo(), request.tradeNo(), request.totalFen(),
                request.outBizNo(), request.refundedFen(), copies(request.copies())));
    }

    @GetMapping("/notifications/{notifyId}")
    NotificationHistory notification(@PathVariable("notifyId") String notifyId) {
        List<NotificationPusher.Delivery> deliveries = payments.deliveries(notifyId);
        if (deliveries.isEmpty()) {
            throw new NoSuchElementException("unknown notification " + notifyId);
        }
        return new NotificationHistory(notifyId, deliveries);
    }

    /** The Alipay apps (public data only). */
    @GetMapping("/merchants")
    List<MerchantView> merchants() {
        return merchants.alipayAll().stream()
                .map(m -> new MerchantView(m.tenant(), m.appId(), m.authAppIds(), m.publicKeyBase64()))
                .toList();
    }

    private ResponseEntity<PaymentResponse> accepted(AlipayPayments.Payment payment) {
        AlipayNotification n = payment.notification();
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(new PaymentResponse(n.notifyId(), n.param("trade_no"),
                payment.trade().authAppId(), n.param("out_trade_no"), n.param("trade_status"),
                payment.deliveries().size(), payments.notifyUrl().toString()));
    }

    private static int copies(Integer copies) {
        int n = copies == null ? 1 : copies;
        require(n >= 1 && n <= MAX_COPIES, "copies must be between 1 and " + MAX_COPIES);
        return n;
    }

    @ExceptionHandler(NoSuchElementException.class)
    ResponseEntity<Map<String, String>> notFound(NoSuchElementException e) {
        return error(HttpStatus.NOT_FOUND, e.getMessage());
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<Map<String, String>> badRequest(IllegalArgumentException e) {
        return error(HttpStatus.BAD_REQUEST, e.getMessage());
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
