package io.paypipe.sandbox.alipay;

import static io.paypipe.sandbox.web.SandboxRequests.copies;
import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.push.NotificationPusher;
import java.util.List;
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
 * The sandbox's Alipay API: pay and refund orders (signed notifications pushed to
 * ingress), look at deliveries.
 */
@RestController
@RequestMapping("/sandbox/alipay")
class AlipaySandboxController {

    private final SandboxMerchants merchants;

    private final AlipayPayments payments;

    private final AlipayRefundDesk desk;

    AlipaySandboxController(SandboxMerchants merchants, AlipayPayments payments, AlipayRefundDesk desk) {
        this.merchants = merchants;
        this.payments = payments;
        this.desk = desk;
    }

    record PaymentRequest(String appId, String outTradeNo, Long totalFen, Long receiptFen, Integer copies) {
    }

    record RefundRequest(String appId, String outTradeNo, String tradeNo, Long totalFen, String outBizNo,
            Long refundedFen, Integer copies) {
    }

    /** What a payment and a refund answer: the notification pushed. */
    record NotificationResponse(String notifyId, String tradeNo, String appId, String outTradeNo, String tradeStatus,
            int copies, String notifyUrl) {
    }

    record NotificationHistory(String notifyId, List<NotificationPusher.Delivery> deliveries) {
    }

    record MerchantView(String tenant, String appId, List<String> authAppIds, String alipayPublicKey) {
    }

    record ScenarioRequest(String tradeNo, List<AlipayRefundScenario> scenarios) {
    }

    record ConsoleRefundRequest(String tradeNo, Long refundFen) {
    }

    record TradeRefunds(String tradeNo, long totalFen, long refundedFen, List<AlipayRefund> refunds) {
    }

    /**
     * One signed TRADE_SUCCESS pushed {@code copies} times; 202, the pushes run in the
     * background.
     */
    @PostMapping("/payments")
    ResponseEntity<NotificationResponse> pay(@RequestBody PaymentRequest request) {
        require(request.appId() != null && request.outTradeNo() != null && request.totalFen() != null,
                "appId, outTradeNo and totalFen are required");
        require(request.totalFen() > 0, "totalFen must be positive");
        return accepted(payments.pay(request.appId(), request.outTradeNo(), request.totalFen(), request.receiptFen(),
                copies(request.copies())));
    }

    /**
     * The refund notification of a paid trade; {@code refundedFen} is the trade's
     * cumulative refunded amount.
     */
    @PostMapping("/refunds")
    ResponseEntity<NotificationResponse> refund(@RequestBody RefundRequest request) {
        require(request.appId() != null && request.outTradeNo() != null && request.tradeNo() != null
                && request.totalFen() != null && request.outBizNo() != null && request.refundedFen() != null,
                "appId, outTradeNo, tradeNo, totalFen, outBizNo and refundedFen are required");
        require(request.refundedFen() > 0 && request.refundedFen() <= request.totalFen(),
                "refundedFen must be positive and at most totalFen");
        return accepted(payments.refund(request.appId(), request.outTradeNo(), request.tradeNo(), request.totalFen(),
                request.outBizNo(), request.refundedFen(), copies(request.copies())));
    }

    /**
     * The next new refunds of a paid trade (through the gateway) take these scenarios, in
     * order; 204.
     */
    @PostMapping("/refund-scenarios")
    ResponseEntity<Void> refundScenarios(@RequestBody ScenarioRequest request) {
        require(request.tradeNo() != null && request.scenarios() != null && !request.scenarios().isEmpty(),
                "tradeNo and scenarios are required");
        payments.trades().nextRefunds(request.tradeNo(), request.scenarios());
        return ResponseEntity.noContent().build();
    }

    /**
     * A refund made in Alipay's merchant console: booked on the trade, its notice (no
     * {@code out_biz_no}) pushed; 202.
     */
    @PostMapping("/console-refunds")
    ResponseEntity<NotificationResponse> consoleRefund(@RequestBody ConsoleRefundRequest request) {
        require(request.tradeNo() != null && request.refundFen() != null, "tradeNo and refundFen are required");
        AlipayNotification n = desk.consoleRefund(request.tradeNo(), request.refundFen());
        AlipayTrade trade = payments.trades().get(request.tradeNo()).trade();
        return ResponseEntity.status(HttpStatus.ACCEPTED)
            .body(new NotificationResponse(n.notifyId(), trade.tradeNo(), trade.authAppId(), trade.outTradeNo(),
                    n.param("trade_status"), 1, payments.notifyUrl().toString()));
    }

    /** A paid trade's refunds as Alipay keeps them; 404 for a trade never paid here. */
    @GetMapping("/trades/{tradeNo}/refunds")
    TradeRefunds tradeRefunds(@PathVariable("tradeNo") String tradeNo) {
        AlipayTradeBook.Account account = payments.trades().get(tradeNo);
        return new TradeRefunds(tradeNo, account.trade().totalFen(), account.refundedFen(), account.refunds());
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
        return merchants.alipay()
            .stream()
            .map(m -> new MerchantView(m.tenant(), m.appId(), m.authAppIds(), m.publicKeyBase64()))
            .toList();
    }

    private ResponseEntity<NotificationResponse> accepted(AlipayPayments.Payment payment) {
        AlipayNotification n = payment.notification();
        return ResponseEntity.status(HttpStatus.ACCEPTED)
            .body(new NotificationResponse(n.notifyId(), n.param("trade_no"), payment.trade().authAppId(),
                    n.param("out_trade_no"), n.param("trade_status"), payment.deliveries().size(),
                    payments.notifyUrl().toString()));
    }

}
