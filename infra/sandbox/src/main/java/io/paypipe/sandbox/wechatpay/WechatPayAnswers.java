package io.paypipe.sandbox.wechatpay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.QueryFault;
import io.paypipe.sandbox.query.QueryFaults;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * How WeChat Pay's order API answers, and what it notes of each call: answers signed with
 * the merchant's platform key ({@link WechatPayApiGate}) or, for a call whose signature
 * failed, unsigned; every call recorded in {@link ChannelCalls}; a fault armed in
 * {@link QueryFaults} answered before the business runs.
 */
final class WechatPayAnswers {

    /** One call as the recorder names it. */
    record Call(Operation operation, String callerId, String merchantId, String outTradeNo, String reference) {
    }

    private final WechatPayApiGate gate;

    private final ChannelCalls calls;

    private final QueryFaults faults;

    private final Duration timeoutHold;

    WechatPayAnswers(WechatPayApiGate gate, ChannelCalls calls, QueryFaults faults, Duration timeoutHold) {
        this.gate = gate;
        this.calls = calls;
        this.faults = faults;
        this.timeoutHold = timeoutHold;
    }

    /** What the merchant signed: the raw path, and the raw query when there is one. */
    static String pathAndQuery(HttpServletRequest request) {
        String query = request.getQueryString();
        return request.getRequestURI() + (query == null ? "" : "?" + query);
    }

    /**
     * The answer of the fault armed for this call, if any (recorded); a timeout holds the
     * thread first.
     */
    Optional<ResponseEntity<byte[]>> fault(HttpServletRequest request, WechatPaySandboxMerchant merchant, Call call)
            throws InterruptedException {
        Optional<QueryFault> fault = faults.take(Channel.WECHATPAY, call.operation(), call.callerId(),
                call.merchantId());
        if (fault.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(switch (fault.get()) {
            case RATE_LIMITED -> error(request, merchant, call, ApiError.FREQUENCY_LIMITED);
            case SERVER_ERROR -> error(request, merchant, call, ApiError.SYSTEM_ERROR);
            case TIMEOUT -> {
                record(call, 0, QueryFault.TIMEOUT.name());
                Thread.sleep(timeoutHold);
                yield ResponseEntity.status(HttpStatus.GATEWAY_TIMEOUT).<byte[]>build();
            }
        });
    }

    /** A signed error answer, recorded. */
    ResponseEntity<byte[]> error(HttpServletRequest request, WechatPaySandboxMerchant merchant, Call call,
            ApiError error) {
        record(call, error.httpStatus(), error.code());
        return signed(request, merchant, error.httpStatus(), RefundApiJson.error(error));
    }

    /** A signed 200 with {@code body}, recorded as {@code answer}. */
    ResponseEntity<byte[]> ok(HttpServletRequest request, WechatPaySandboxMerchant merchant, Call call, String answer,
            byte[] body) {
        record(call, 200, answer);
        return signed(request, merchant, 200, body);
    }

    /** A signed 204 (no body: the signature covers the empty body), recorded. */
    ResponseEntity<byte[]> noContent(HttpServletRequest request, WechatPaySandboxMerchant merchant, Call call,
            String answer) {
        record(call, 204, answer);
        ResponseEntity.BodyBuilder answerBuilder = ResponseEntity.status(HttpStatus.NO_CONTENT);
        gate.signedAnswerHeaders(merchant, request.getHeader(SignedNotification.SERIAL), new byte[0])
            .forEach(answerBuilder::header);
        return answerBuilder.build();
    }

    /** The unsigned 401 of a call whose signature failed, recorded. */
    ResponseEntity<byte[]> signError(Call call) {
        record(call, ApiError.SIGN_ERROR.httpStatus(), ApiError.SIGN_ERROR.code());
        return ResponseEntity.status(ApiError.SIGN_ERROR.httpStatus())
            .contentType(MediaType.APPLICATION_JSON)
            .body(RefundApiJson.error(ApiError.SIGN_ERROR));
    }

    private ResponseEntity<byte[]> signed(HttpServletRequest request, WechatPaySandboxMerchant merchant, int status,
            byte[] body) {
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON);
        gate.signedAnswerHeaders(merchant, request.getHeader(SignedNotification.SERIAL), body).forEach(answer::header);
        return answer.body(body);
    }

    private void record(Call call, int status, String answer) {
        calls.record(Channel.WECHATPAY, call.operation(), call.callerId(), call.merchantId(), call.outTradeNo(),
                call.reference(), status, answer);
    }

}
