package io.paypipe.sandbox.wechatpay;

import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import java.time.Instant;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The sandbox's hooks into WeChat Pay's refunds: choose how a coming refund goes
 * ({@link RefundScenario}), make a refund in the merchant's dashboard (no API call, a
 * refund number the merchant never issued), and list a trade's refunds. Merchants are
 * named as their orders name them: a direct mchid or a sub_mchid.
 */
@RestController
@RequestMapping("/sandbox/wechatpay")
class WechatPayRefundHooksController {

    private final SandboxMerchants merchants;

    private final WechatPayRefundDesk desk;

    WechatPayRefundHooksController(SandboxMerchants merchants, WechatPayRefundDesk desk) {
        this.merchants = merchants;
        this.desk = desk;
    }

    /**
     * For the refund {@code outRefundNo}, or else the next refund of {@code outTradeNo}.
     */
    record ScenarioRequest(String merchantId, String outRefundNo, String outTradeNo, RefundScenario scenario) {
    }

    record DashboardRefundRequest(String merchantId, String transactionId, Long refundFen, String outRefundNo) {
    }

    record RefundView(String merchantId, String transactionId, String outTradeNo, String outRefundNo, String refundId,
            long refundFen, RefundApiStatus status, boolean fromDashboard, Instant createTime, Instant successTime) {

        static RefundView of(RefundRecord r) {
            return new RefundView(r.owner(), r.spec().transactionId(), r.spec().outTradeNo(), r.outRefundNo(),
                    r.refundId(), r.refundFen(), r.status(), r.fromDashboard(), r.createTime(), r.successTime());
        }
    }

    /** 201 with the choice; it applies to one create call. */
    @PostMapping("/refund-scenarios")
    ResponseEntity<ScenarioRequest> scenario(@RequestBody ScenarioRequest request) {
        require(request.merchantId() != null && request.scenario() != null
                && (request.outRefundNo() != null || request.outTradeNo() != null),
                "merchantId, scenario and outRefundNo or outTradeNo are required");
        orderMerchant(request.merchantId());
        desk.chooseScenario(request.merchantId(), request.outRefundNo(), request.outTradeNo(), request.scenario());
        return ResponseEntity.status(HttpStatus.CREATED).body(request);
    }

    /**
     * A refund made in the dashboard: SUCCESS at once, REFUND.SUCCESS pushed; 202 with
     * the refund. {@code refundFen} defaults to what remains refundable,
     * {@code outRefundNo} to WeChat's refund_id.
     */
    @PostMapping("/dashboard-refunds")
    ResponseEntity<RefundView> dashboardRefund(@RequestBody DashboardRefundRequest request) {
        require(request.merchantId() != null && request.transactionId() != null,
                "merchantId and transactionId are required");
        WechatPaySandboxMerchant merchant = orderMerchant(request.merchantId());
        RefundRecord refund = desk.dashboardRefund(merchant, request.merchantId(), request.transactionId(),
                request.refundFen(), request.outRefundNo());
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(RefundView.of(refund));
    }

    /** Every refund of a trade WeChat made, oldest first (empty for an unknown trade). */
    @GetMapping("/trades/{transactionId}/refunds")
    List<RefundView> refunds(@PathVariable("transactionId") String transactionId) {
        return desk.refundsOf(transactionId).stream().map(RefundView::of).toList();
    }

    /**
     * The merchant of an order of {@code merchantId}; 404 unknown, 400 a provider's own
     * number.
     */
    private WechatPaySandboxMerchant orderMerchant(String merchantId) {
        WechatPaySandboxMerchant merchant = merchants.wechatPay(merchantId);
        merchant.subMchidFor(merchantId);
        return merchant;
    }

}
