package io.paypipe.sandbox.wechatpay;

import static io.paypipe.sandbox.web.SandboxRequests.copies;
import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import io.paypipe.sandbox.web.UnavailableOnIllegalState;
import java.util.List;
import java.util.Map;
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
 * The sandbox's WeChat Pay API: make WeChat pay orders, sign notifications for a load
 * driver, look at deliveries and merchants. WeChat's paths under {@code /sandbox} carry
 * no channel name where they came first ({@code /sandbox/notifications/{id}},
 * {@code /sandbox/merchants}). Refunds: {@link WechatPayRefundsController}.
 */
@RestController
@RequestMapping("/sandbox")
@UnavailableOnIllegalState
class WechatPaySandboxController {

    static final int MAX_SIGN_BATCH = 5000;

    private final SandboxMerchants merchants;

    private final WechatPayPayments payments;

    private final NotificationPusher pusher;

    WechatPaySandboxController(SandboxMerchants merchants, WechatPayPayments payments, NotificationPusher pusher) {
        this.merchants = merchants;
        this.payments = payments;
        this.pusher = pusher;
    }

    record PaymentRequest(String merchantId, String outTradeNo, Long totalFen, Long payerTotalFen, Integer copies) {
    }

    record PaymentResponse(String notificationId, String transactionId, String merchantId, String outTradeNo,
            int copies, String notifyUrl) {
    }

    /** Notifications to sign without pushing them: a load driver delivers them itself. */
    record SignRequest(String merchantId, List<SignItem> payments) {
    }

    record SignItem(String outTradeNo, Long totalFen) {
    }

    /**
     * One notification as it goes on the wire: its headers and its body (UTF-8 JSON, sent
     * byte for byte).
     */
    record SignedView(String outTradeNo, String notificationId, Map<String, String> headers, String body) {
    }

    record NotificationHistory(String notificationId, List<NotificationPusher.Delivery> deliveries) {
    }

    record MerchantView(String tenant, String merchantId, List<String> subMerchantIds, String appId,
            String publicKeyId) {
    }

    /**
     * Builds one signed TRANSACTION.SUCCESS and pushes it {@code copies} times; 202,
     * pushes run in the background.
     */
    @PostMapping("/wechatpay/payments")
    ResponseEntity<PaymentResponse> pay(@RequestBody PaymentRequest request) {
        require(request.merchantId() != null && request.outTradeNo() != null && request.totalFen() != null,
                "merchantId, outTradeNo and totalFen are required");
        int copies = copies(request.copies());
        WechatPayPayments.Payment payment = payments.pay(request.merchantId(), request.outTradeNo(), request.totalFen(),
                request.payerTotalFen(), copies);
        return ResponseEntity.status(HttpStatus.ACCEPTED)
            .body(new PaymentResponse(payment.notification().id(), payment.spec().transactionId(), request.merchantId(),
                    request.outTradeNo(), copies, pusher.notifyUrl().toString()));
    }

    /**
     * Signs one TRANSACTION.SUCCESS per payment (each with a fresh transaction_id) and
     * returns them, pushing none: for the benchmark driver, which sends them itself. At
     * most {@value #MAX_SIGN_BATCH} per request.
     */
    @PostMapping("/wechatpay/notifications")
    List<SignedView> sign(@RequestBody SignRequest request) {
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

    /**
     * Delivery history of one notification (payment or refund): one entry per push, each
     * with its attempts.
     */
    @GetMapping("/notifications/{id}")
    NotificationHistory notification(@PathVariable("id") String id) {
        List<NotificationPusher.Delivery> deliveries = pusher.deliveries(id);
        if (deliveries.isEmpty()) {
            throw new NoSuchElementException("unknown notification " + id);
        }
        return new NotificationHistory(id, deliveries);
    }

    /** The WeChat Pay merchants (public data only). */
    @GetMapping("/merchants")
    List<MerchantView> merchants() {
        return merchants.wechatPay()
            .stream()
            .map(m -> new MerchantView(m.tenant(), m.merchantId(), m.subMerchantIds(), m.appId(),
                    m.wechatPayKeys().publicKeyId()))
            .toList();
    }

}
