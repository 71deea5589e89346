package io.paypipe.sandbox.web;

import io.paypipe.sandbox.wechatpay.NotificationPusher;
import io.paypipe.sandbox.wechatpay.RefundStatus;
import io.paypipe.sandbox.wechatpay.WechatPayRefunds;
import java.util.Map;
import java.util.NoSuchElementException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /sandbox/wechatpay/refunds}: make WeChat report a refund; the deliveries show under /sandbox/notifications. */
@RestController
@RequestMapping("/sandbox/wechatpay")
public class WechatPayRefundsController {

    private final WechatPayRefunds refunds;
    private final NotificationPusher pusher;

    public WechatPayRefundsController(WechatPayRefunds refunds, NotificationPusher pusher) {
        this.refunds = refunds;
        this.pusher = pusher;
    }

    /** {@code refundFen} defaults to {@code totalFen}, {@code status} to SUCCESS, {@code copies} to 1. */
    public record RefundRequest(String merchantId, String outTradeNo, String transactionId, String outRefundNo,
                                Long totalFen, Long refundFen, RefundStatus status, Integer copies) {
    }

    public record RefundResponse(String notificationId, String refundId, String merchantId, String outTradeNo,
                                 String outRefundNo, RefundStatus status, int copies, String notifyUrl) {
    }

    /** Builds one signed REFUND.* notification and pushes it {@code copies} times; 202, pushes run in the background. */
    @PostMapping("/refunds")
    public ResponseEntity<RefundResponse> refund(@RequestBody RefundRequest request) {
        if (request.merchantId() == null || request.outTradeNo() == null || request.transactionId() == null
                || request.outRefundNo() == null || request.totalFen() == null) {
            throw new IllegalArgumentException("merchantId, outTradeNo, transactionId, outRefundNo and totalFen are required");
        }
        int copies = request.copies() == null ? 1 : request.copies();
        if (copies < 1 || copies > SandboxController.MAX_COPIES) {
            throw new IllegalArgumentException("copies must be between 1 and " + SandboxController.MAX_COPIES);
        }
        RefundStatus status = request.status() == null ? RefundStatus.SUCCESS : request.status();
        long refundFen = request.refundFen() == null ? request.totalFen() : request.refundFen();
        WechatPayRefunds.Refund refund = refunds.refund(request.merchantId(), request.outTradeNo(), request.transactionId(),
                request.outRefundNo(), request.totalFen(), refundFen, status, copies);
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(new RefundResponse(refund.notification().id(),
                refund.spec().refundId(), request.merchantId(), request.outTradeNo(), request.outRefundNo(), status, copies,
                pusher.notifyUrl().toString()));
    }

    @ExceptionHandler(NoSuchElementException.class)
    ResponseEntity<Map<String, String>> notFound(NoSuchElementException e) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND).body(Map.of("error", String.valueOf(e.getMessage())));
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<Map<String, String>> badRequest(IllegalArgumentException e) {
        return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(Map.of("error", String.valueOf(e.getMessage())));
    }
}
