package io.paypipe.sandbox.wechatpay;

import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.wechatpay.WechatPayAnswers.Call;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * WeChat Pay's order query and close on WeChat's paths, as the official SDK's
 * {@code JsapiService} (direct) and partner {@code JsapiService} call them: {@code GET
 * /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=…}, {@code GET
 * /v3/pay/transactions/id/{transaction_id}?mchid=…}, {@code POST
 * /v3/pay/transactions/out-trade-no/{out_trade_no}/close} ({@code {"mchid":…}}), and
 * their partner forms under {@code /v3/pay/partner/transactions} with {@code sp_mchid}
 * and {@code sub_mchid}. Calls must carry the merchant's signature (else 401 SIGN_ERROR,
 * unsigned) and name the signing merchant ({@code mchid}, or {@code sp_mchid} and one of
 * its sub-merchants; else 400 PARAM_ERROR); answers are signed. The business is
 * {@link WechatPayOrderDesk}'s.
 */
@RestController
class WechatPayOrderApiController {

    static final String DIRECT = "/v3/pay/transactions";

    static final String PARTNER = "/v3/pay/partner/transactions";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final WechatPayApiGate gate;

    private final WechatPayOrderDesk desk;

    private final WechatPayAnswers answers;

    WechatPayOrderApiController(WechatPayApiGate gate, WechatPayOrderDesk desk, WechatPayAnswers answers) {
        this.gate = gate;
        this.desk = desk;
        this.answers = answers;
    }

    /**
     * The merchants a call names: the caller ({@code mchid} or {@code sp_mchid}) and the
     * order's owner.
     */
    private record Named(boolean partner, String callerId, String subMchid) {

        static Named of(boolean partner, Function<String, String> param) {
            return partner ? new Named(true, param.apply("sp_mchid"), param.apply("sub_mchid"))
                    : new Named(false, param.apply("mchid"), null);
        }

        String owner() {
            return partner ? subMchid : callerId;
        }

    }

    @GetMapping({ DIRECT + "/out-trade-no/{outTradeNo}", PARTNER + "/out-trade-no/{outTradeNo}" })
    ResponseEntity<byte[]> query(@PathVariable("outTradeNo") String outTradeNo,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            HttpServletRequest request) throws InterruptedException {
        return query(request, authorization, outTradeNo, null);
    }

    @GetMapping({ DIRECT + "/id/{transactionId}", PARTNER + "/id/{transactionId}" })
    ResponseEntity<byte[]> queryTransaction(@PathVariable("transactionId") String transactionId,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            HttpServletRequest request) throws InterruptedException {
        return query(request, authorization, null, transactionId);
    }

    @PostMapping({ DIRECT + "/out-trade-no/{outTradeNo}/close", PARTNER + "/out-trade-no/{outTradeNo}/close" })
    ResponseEntity<byte[]> close(@PathVariable("outTradeNo") String outTradeNo,
            @RequestBody(required = false) byte[] body,
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            HttpServletRequest request) throws InterruptedException {
        byte[] raw = body == null ? new byte[0] : body;
        Map<String, Object> fields = fields(raw);
        Named named = Named.of(partner(request), key -> fields.get(key) == null ? null : fields.get(key).toString());
        Call call = new Call(Operation.CLOSE, named.callerId(), named.owner(), outTradeNo, null);
        Optional<WechatPaySandboxMerchant> caller = gate.authenticate("POST", WechatPayAnswers.pathAndQuery(request),
                raw, authorization);
        if (caller.isEmpty()) {
            return answers.signError(call);
        }
        Optional<ApiError> refused = refused(caller.get(), named);
        if (refused.isPresent()) {
            return answers.error(request, caller.get(), call, refused.get());
        }
        Optional<ResponseEntity<byte[]>> fault = answers.fault(request, caller.get(), call);
        if (fault.isPresent()) {
            return fault.get();
        }
        return switch (desk.close(named.owner(), outTradeNo)) {
            case WechatPayOrderDesk.CloseAnswer.Closed closed ->
                answers.noContent(request, caller.get(), call, closed.order().state().name());
            case WechatPayOrderDesk.CloseAnswer.Paid paid ->
                answers.error(request, caller.get(), call, ApiError.ORDER_PAID);
            case WechatPayOrderDesk.CloseAnswer.NotFound notFound ->
                answers.error(request, caller.get(), call, ApiError.ORDER_NOT_EXIST);
        };
    }

    private ResponseEntity<byte[]> query(HttpServletRequest request, String authorization, String outTradeNo,
            String transactionId) throws InterruptedException {
        Named named = Named.of(partner(request), request::getParameter);
        Call call = new Call(Operation.QUERY, named.callerId(), named.owner(), outTradeNo, transactionId);
        Optional<WechatPaySandboxMerchant> caller = gate.authenticate("GET", WechatPayAnswers.pathAndQuery(request),
                new byte[0], authorization);
        if (caller.isEmpty()) {
            return answers.signError(call);
        }
        Optional<ApiError> refused = refused(caller.get(), named);
        if (refused.isPresent()) {
            return answers.error(request, caller.get(), call, refused.get());
        }
        Optional<ResponseEntity<byte[]>> fault = answers.fault(request, caller.get(), call);
        if (fault.isPresent()) {
            return fault.get();
        }
        WechatPayOrderDesk.QueryAnswer answer = outTradeNo != null ? desk.query(named.owner(), outTradeNo)
                : desk.queryTransaction(named.owner(), transactionId);
        return switch (answer) {
            case WechatPayOrderDesk.QueryAnswer.Found found -> answers.ok(request, caller.get(),
                    new Call(Operation.QUERY, call.callerId(), call.merchantId(), found.order().outTradeNo(),
                            transactionId),
                    found.state().name(), TransactionQueryJson.transaction(found.order(), found.state()));
            case WechatPayOrderDesk.QueryAnswer.NotFound notFound ->
                answers.error(request, caller.get(), call, ApiError.ORDER_NOT_EXIST);
        };
    }

    /**
     * Why WeChat refuses a call of {@code merchant} naming {@code named}: a direct path
     * must name the signing mchid; a partner path the signing service provider and one of
     * its sub-merchants.
     */
    private static Optional<ApiError> refused(WechatPaySandboxMerchant merchant, Named named) {
        if (named.callerId() == null || !named.callerId().equals(merchant.merchantId())) {
            return Optional.of(ApiError.PARAM_ERROR);
        }
        if (named.partner() && (named.subMchid() == null || !merchant.subMerchantIds().contains(named.subMchid()))) {
            return Optional.of(ApiError.SUB_MCHID_MISMATCH);
        }
        return Optional.empty();
    }

    private static boolean partner(HttpServletRequest request) {
        return request.getRequestURI().startsWith(PARTNER);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> fields(byte[] body) {
        try {
            Object parsed = JSON.readValue(body, Object.class);
            return parsed instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
        }
        catch (JacksonException e) {
            return Map.of();
        }
    }

}
