package io.paypipe.sandbox.wechatpay;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * WeChat Pay's refund API on WeChat's paths, as the official SDK's {@code RefundService}
 * calls it: {@code POST /v3/refund/domestic/refunds} and {@code GET
 * /v3/refund/domestic/refunds/{out_refund_no}[?sub_mchid=…]}. Every call must carry the
 * merchant's signature ({@link WechatPayApiGate}; else 401 SIGN_ERROR, unsigned); every
 * other answer is signed with the merchant's platform key. Errors are WeChat's
 * {@code {"code":..., "message":...}} ({@link ApiError}), never the sandbox's own error
 * body.
 */
@RestController
class WechatPayRefundApiController {

    private static final Logger log = LoggerFactory.getLogger(WechatPayRefundApiController.class);

    private final WechatPayApiGate gate;

    private final WechatPayRefundDesk desk;

    private final WechatPayRefundApiProperties properties;

    WechatPayRefundApiController(WechatPayApiGate gate, WechatPayRefundDesk desk,
            WechatPayRefundApiProperties properties) {
        this.gate = gate;
        this.desk = desk;
        this.properties = properties;
    }

    @PostMapping("/v3/refund/domestic/refunds")
    ResponseEntity<byte[]> create(@RequestBody(required = false) byte[] body,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            HttpServletRequest request) throws InterruptedException {
        byte[] raw = body == null ? new byte[0] : body;
        Optional<WechatPaySandboxMerchant> caller = gate.authenticate("POST", pathAndQuery(request), raw,
                authorization);
        if (caller.isEmpty()) {
            return unsigned(ApiError.SIGN_ERROR);
        }
        WechatPayRefundDesk.CreateCall call;
        try {
            call = RefundApiJson.createCall(raw);
        }
        catch (IllegalArgumentException e) {
            return signed(request, caller.get(), ApiError.PARAM_ERROR);
        }
        return switch (desk.create(caller.get(), call)) {
            case WechatPayRefundDesk.Answer.Failed failed -> {
                log.info("refund {} of {} refused: {}", call.outRefundNo(), caller.get().merchantId(),
                        failed.error().code());
                yield signed(request, caller.get(), failed.error());
            }
            case WechatPayRefundDesk.Answer.Refunded refunded -> {
                if (refunded.answerHeld()) {
                    log.info("refund {} made, its answer held for {}", refunded.refund().refundId(),
                            properties.lostAnswerHold());
                    Thread.sleep(properties.lostAnswerHold());
                }
                yield signed(request, caller.get(), 200, RefundApiJson.refund(refunded.refund()));
            }
        };
    }

    @GetMapping("/v3/refund/domestic/refunds/{outRefundNo}")
    ResponseEntity<byte[]> query(@PathVariable("outRefundNo") String outRefundNo,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            HttpServletRequest request) {
        Optional<WechatPaySandboxMerchant> caller = gate.authenticate("GET", pathAndQuery(request), new byte[0],
                authorization);
        if (caller.isEmpty()) {
            return unsigned(ApiError.SIGN_ERROR);
        }
        Optional<String> owner = WechatPayRefundDesk.owner(caller.get(), request.getParameter("sub_mchid"));
        if (owner.isEmpty()) {
            return signed(request, caller.get(), ApiError.SUB_MCHID_MISMATCH);
        }
        return desk.find(owner.get(), outRefundNo)
            .map(refund -> signed(request, caller.get(), 200, RefundApiJson.refund(refund)))
            .orElseGet(() -> signed(request, caller.get(), ApiError.REFUND_NOT_EXISTS));
    }

    /** What the merchant signed: the raw path, and the raw query when there is one. */
    private static String pathAndQuery(HttpServletRequest request) {
        String query = request.getQueryString();
        return request.getRequestURI() + (query == null ? "" : "?" + query);
    }

    private ResponseEntity<byte[]> signed(HttpServletRequest request, WechatPaySandboxMerchant merchant,
            ApiError error) {
        return signed(request, merchant, error.httpStatus(), RefundApiJson.error(error));
    }

    private ResponseEntity<byte[]> signed(HttpServletRequest request, WechatPaySandboxMerchant merchant, int status,
            byte[] body) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON);
        gate.signedAnswerHeaders(merchant, request.getHeader(SignedNotification.SERIAL), body).forEach(answer::header);
        return answer.body(body);
    }

    private static ResponseEntity<byte[]> unsigned(ApiError error) {
        return ResponseEntity.status(error.httpStatus())
            .contentType(MediaType.APPLICATION_JSON)
            .body(RefundApiJson.error(error));
    }

}
