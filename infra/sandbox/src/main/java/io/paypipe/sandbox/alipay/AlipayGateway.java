package io.paypipe.sandbox.alipay;

import io.paypipe.core.id.Channel;
import io.paypipe.sandbox.merchant.SandboxMerchants;
import io.paypipe.sandbox.query.ChannelCall.Operation;
import io.paypipe.sandbox.query.ChannelCalls;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.security.PublicKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Alipay's openapi gateway ({@code gateway.do}) for the methods the sandbox plays:
 * {@code alipay.trade.refund} and {@code alipay.trade.fastpay.refund.query}
 * ({@link AlipayRefundDesk}), {@code alipay.trade.query} and {@code alipay.trade.close}
 * ({@link AlipayOrderDesk}; a query or close refused at the door is recorded in
 * {@link ChannelCalls} too), {@code alipay.data.dataservice.bill.downloadurl.query}
 * ({@link AlipayBillDesk}: the bill of the calling app, or with {@code app_auth_token} of
 * the app that authorised it). A request is the common parameters
 * ({@code app_id, method, charset, sign_type, sign, timestamp,
 * version, ...}) and {@code biz_content} (JSON); it is verified as the gateway does: RSA2
 * ({@code SHA256withRSA}) over every non-empty parameter but {@code sign}, sorted,
 * {@code sign_type} included, with the public key of the app in {@code app_id}. The
 * answer is {@code {"<method with . as _>_response":{...},"sign":"..."}}, {@code sign}
 * being Alipay's RSA2 signature (its key for the app) of the node's exact JSON text,
 * which the SDK cuts out of the body and verifies; an unknown method is an unsigned
 * {@code error_response}.
 */
public final class AlipayGateway {

    public static final String REFUND = "alipay.trade.refund";

    public static final String REFUND_QUERY = "alipay.trade.fastpay.refund.query";

    public static final String QUERY = "alipay.trade.query";

    public static final String CLOSE = "alipay.trade.close";

    public static final String BILL = "alipay.data.dataservice.bill.downloadurl.query";

    private static final Map<String, Operation> ORDER_METHODS = Map.of(QUERY, Operation.QUERY, CLOSE, Operation.CLOSE);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SandboxMerchants merchants;

    private final AlipayRefundDesk desk;

    private final AlipayOrderDesk orders;

    private final ChannelCalls calls;

    private final AlipayBillDesk bills;

    public AlipayGateway(SandboxMerchants merchants, AlipayRefundDesk desk, AlipayOrderDesk orders, ChannelCalls calls,
            AlipayBillDesk bills) {
        this.merchants = merchants;
        this.desk = desk;
        this.orders = orders;
        this.calls = calls;
        this.bills = bills;
    }

    /**
     * What goes back: the body, and how the reply travels; {@code refusal} the
     * {@code sub_code} when the door refused the call before a desk saw it, else null.
     */
    public record Response(String body, AlipayRefundDesk.Delivery delivery, String refusal) {

        public Response(String body, AlipayRefundDesk.Delivery delivery) {
            this(body, delivery, null);
        }

    }

    /**
     * Handles one gateway request; {@code params} are the query and form parameters,
     * decoded; {@code baseUrl} is where the sandbox was reached (for a download URL).
     */
    public Response handle(Map<String, String> params, String baseUrl) {
        Response response = verifiedAndHandled(params, baseUrl);
        Operation operation = ORDER_METHODS.get(params.get("method"));
        if (operation != null && response.refusal() != null) {
            calls.record(Channel.ALIPAY, operation, params.get("app_id"), params.get("app_id"), null, null, 200,
                    response.refusal());
        }
        return response;
    }

    private Response verifiedAndHandled(Map<String, String> params, String baseUrl) {
        String method = params.get("method");
        if (!REFUND.equals(method) && !REFUND_QUERY.equals(method) && !ORDER_METHODS.containsKey(method)
                && !BILL.equals(method)) {
            return new Response(
                    "{\"error_response\":" + AlipayJson.object(invalid("isv.invalid-method", "不存在的方法名")) + "}",
                    AlipayRefundDesk.Delivery.ANSWER);
        }
        String nodeName = method.replace('.', '_') + "_response";
        Optional<AlipayMerchant> app = merchants.alipay()
            .stream()
            .filter(m -> m.appId().equals(params.get("app_id")))
            .findFirst();
        if (app.isEmpty()) {
            return unsigned(nodeName, invalid("isv.invalid-app-id", "无效的AppID参数"));
        }
        Optional<Charset> charset = charset(params.get("charset"));
        if (charset.isEmpty()) {
            return signed(nodeName, app.get(), invalid("isv.invalid-charset", "字符集错误"));
        }
        if (!AlipayCrypto.SIGN_TYPE.equals(params.get("sign_type"))) {
            return signed(nodeName, app.get(), invalid("isv.invalid-signature-type", "无效的签名类型"));
        }
        Optional<PublicKey> appKey = app.get().appPublicKey();
        if (appKey.isEmpty()) {
            return signed(nodeName, app.get(), invalid("isv.missing-signature-config", "应用未配置对应签名算法的公钥或者证书"));
        }
        if (!AlipayCrypto.verifyContent(appKey.get(), AlipayCrypto.requestSignContent(params), params.get("sign"),
                charset.get())) {
            return signed(nodeName, app.get(), invalid("isv.invalid-signature", "验签出错"));
        }
        Map<String, Object> biz;
        try {
            biz = JSON.readValue(params.getOrDefault("biz_content", ""), Map.class);
        }
        catch (JacksonException e) {
            return signed(nodeName, app.get(), invalid("isv.invalid-parameter", "参数无效"));
        }
        String appId = app.get().appId();
        String token = params.get("app_auth_token");
        if (BILL.equals(method) && token != null && !app.get().authAppIds().contains(token)) {
            return signed(nodeName, app.get(), invalidToken());
        }
        AlipayRefundDesk.Reply reply = switch (method) {
            case REFUND -> desk.refund(appId, biz);
            case REFUND_QUERY -> desk.query(appId, biz);
            case QUERY -> orders.query(appId, biz);
            case BILL -> bills.downloadUrl((token != null) ? token : appId, biz, baseUrl);
            default -> orders.close(appId, biz);
        };
        if (reply.delivery() == AlipayRefundDesk.Delivery.UNAVAILABLE
                || reply.delivery() == AlipayRefundDesk.Delivery.TIMEOUT) {
            return new Response("", reply.delivery());
        }
        return new Response(signed(nodeName, app.get(), reply.node()).body(), reply.delivery());
    }

    private static Response signed(String nodeName, AlipayMerchant app, Map<String, String> node) {
        String json = AlipayJson.object(node);
        String sign = app.sign(json, StandardCharsets.UTF_8);
        return new Response("{\"" + nodeName + "\":" + json + ",\"sign\":\"" + sign + "\"}",
                AlipayRefundDesk.Delivery.ANSWER, node.get("sub_code"));
    }

    private static Response unsigned(String nodeName, Map<String, String> node) {
        return new Response("{\"" + nodeName + "\":" + AlipayJson.object(node) + "}", AlipayRefundDesk.Delivery.ANSWER,
                node.get("sub_code"));
    }

    private static Map<String, String> invalid(String subCode, String subMsg) {
        Map<String, String> node = new LinkedHashMap<>();
        node.put("code", "40002");
        node.put("msg", "Invalid Arguments");
        node.put("sub_code", subCode);
        node.put("sub_msg", subMsg);
        return node;
    }

    /**
     * An {@code app_auth_token} that names no app that authorised the caller. The sandbox
     * issues no tokens (the merchants file carries none): an authorising app's token is
     * its app id.
     */
    private static Map<String, String> invalidToken() {
        Map<String, String> node = new LinkedHashMap<>();
        node.put("code", "20001");
        node.put("msg", "Insufficient Token Permissions");
        node.put("sub_code", "aop.invalid-app-auth-token");
        node.put("sub_msg", "无效的应用授权令牌");
        return node;
    }

    private static Optional<Charset> charset(String name) {
        try {
            return Optional.of(name == null || name.isBlank() ? StandardCharsets.UTF_8 : Charset.forName(name));
        }
        catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return Optional.empty();
        }
    }

}
