package io.paypipe.sandbox.alipay;

import io.paypipe.sandbox.merchant.SandboxMerchants;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.security.PublicKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Alipay's openapi gateway ({@code gateway.do}) for the methods the sandbox plays:
 * {@code alipay.trade.refund} and {@code alipay.trade.fastpay.refund.query}. A request is
 * the common parameters ({@code app_id, method, charset, sign_type, sign, timestamp,
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

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SandboxMerchants merchants;

    private final AlipayRefundDesk desk;

    public AlipayGateway(SandboxMerchants merchants, AlipayRefundDesk desk) {
        this.merchants = merchants;
        this.desk = desk;
    }

    /** What goes back: the body, and how the reply travels. */
    public record Response(String body, AlipayRefundDesk.Delivery delivery) {
    }

    /**
     * Handles one gateway request; {@code params} are the query and form parameters,
     * decoded.
     */
    public Response handle(Map<String, String> params) {
        String method = params.get("method");
        if (!REFUND.equals(method) && !REFUND_QUERY.equals(method)) {
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
        AlipayRefundDesk.Reply reply = REFUND.equals(method) ? desk.refund(app.get().appId(), biz)
                : desk.query(app.get().appId(), biz);
        if (reply.delivery() == AlipayRefundDesk.Delivery.UNAVAILABLE) {
            return new Response("", reply.delivery());
        }
        return new Response(signed(nodeName, app.get(), reply.node()).body(), reply.delivery());
    }

    private static Response signed(String nodeName, AlipayMerchant app, Map<String, String> node) {
        String json = AlipayJson.object(node);
        String sign = app.sign(json, StandardCharsets.UTF_8);
        return new Response("{\"" + nodeName + "\":" + json + ",\"sign\":\"" + sign + "\"}",
                AlipayRefundDesk.Delivery.ANSWER);
    }

    private static Response unsigned(String nodeName, Map<String, String> node) {
        return new Response("{\"" + nodeName + "\":" + AlipayJson.object(node) + "}", AlipayRefundDesk.Delivery.ANSWER);
    }

    private static Map<String, String> invalid(String subCode, String subMsg) {
        Map<String, String> node = new LinkedHashMap<>();
        node.put("code", "40002");
        node.put("msg", "Invalid Arguments");
        node.put("sub_code", subCode);
        node.put("sub_msg", subMsg);
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

    /** Compact JSON of a flat node, strings only, order kept, non-ASCII and '/' as is. */
    static final class AlipayJson {

        private AlipayJson() {
        }

        static String object(Map<String, String> node) {
            StringJoiner out = new StringJoiner(",", "{", "}");
            node.forEach((key, value) -> out.add(quote(key) + ":" + quote(value)));
            return out.toString();
        }

        private static String quote(String s) {
            StringBuilder out = new StringBuilder(s.length() + 2).append('"');
            for (char c : s.toCharArray()) {
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\r' -> out.append("\\r");
                    case '\t' -> out.append("\\t");
                    default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
                }
            }
            return out.append('"').toString();
        }

    }

}
