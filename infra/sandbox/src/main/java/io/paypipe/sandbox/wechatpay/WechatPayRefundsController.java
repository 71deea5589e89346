package io.paypipe.sandbox.wechatpay;

import static io.paypipe.sandbox.web.SandboxRequests.copies;
import static io.paypipe.sandbox.web.SandboxRequests.require;

import io.paypipe.sandbox.push.NotificationPusher;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /sandbox/wechatpay/refunds}: make WeChat report a refund; the deliveries
 * show under /sandbox/notifications.
 */
@RestController
@RequestMapping("/sandbox/wechatpay")
class WechatPayRefundsController {

    private final WechatPayRefunds refunds;

    private final NotificationPusher pusher;

    WechatPayRefundsController(WechatPayRefunds refunds, NotificationPusher pusher) {
        this.refunds = refunds;
        this.pusher = pusher;
    }

    /**
     * {@code refundFen} defaults to {@code totalFen}, {@code status} to SUCCESS,
     * {@code copies} to 1.
     */
    record RefundRequest(String merchantId, String outTradeNo, String transactionId, String outRefundNo, Long totalFen,
            Long refundFen, RefundStatus status, Integer copies) {
    }

    record RefundResponse(String notificationId, String refundId, String merchantId, String outTradeNo,
            String outRefundNo, RefundStatus status, int copies, String notifyUrl) {
    }

    /**
     * Builds one signed REFUND.* notification and pushes it {@code copies} times; 202,
     * pushes run in the background.
     */
    @PostMapping("/refunds")
    ResponseEntity<RefundResponse> refund(@RequestBody RefundRequest request) {
        require(request.merchantId() != null && request.outTradeNo() != null && request.transactionId() != null
                && request.outRefundNo() != null && request.totalFen() != null,
                "merchantId, outTradeNo, transactionId, outRefundNo and totalFen are required");
        int copies = copies(request.copies());
        RefundStatus status = request.status() == null ? RefundStatus.SUCCESS : request.status();
        long refundFen = request.refundFen() == null ? request.totalFen() : request.refundFen();
        WechatPayRefunds.Refund refund = refunds.refund(request.merchantId(), request.outTradeNo(),
                request.transactionId(), request.outRefundNo(), request.totalFen(), refundFen, status, copies);
        return ResponseEntity.status(HttpStatus.ACCEPTED)
            .body(new RefundResponse(refund.notification().id(), refund.spec().refundId(), request.merchantId(),
                    request.outTradeNo(), request.outRefundNo(), status, copies, pusher.notifyUrl().toString()));
    }

}
