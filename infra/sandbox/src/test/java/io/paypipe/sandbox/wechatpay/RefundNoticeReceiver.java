package io.paypipe.sandbox.wechatpay;

import com.sun.net.httpserver.HttpServer;
import com.wechat.pay.java.core.notification.NotificationParser;
import com.wechat.pay.java.core.notification.RSAPublicKeyNotificationConfig;
import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import io.paypipe.core.merchant.Merchant;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import tools.jackson.databind.json.JsonMapper;

/**
 * The merchant's notify URL in the sandbox's refund tests: answers every delivery 204 and
 * keeps it, and reads the refund notices back with the official SDK's parser.
 */
final class RefundNoticeReceiver implements AutoCloseable {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** One delivery as received. */
    record Delivery(String eventType, RequestParam request) {
    }

    private final HttpServer server;

    private final Queue<Delivery> received = new ConcurrentLinkedQueue<>();

    RefundNoticeReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        }
        catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/notify/wechatpay", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            var headers = exchange.getRequestHeaders();
            RequestParam request = new RequestParam.Builder().serialNumber(headers.getFirst("Wechatpay-Serial"))
                .nonce(headers.getFirst("Wechatpay-Nonce"))
                .signature(headers.getFirst("Wechatpay-Signature"))
                .timestamp(headers.getFirst("Wechatpay-Timestamp"))
                .signType(headers.getFirst("Wechatpay-Signature-Type"))
                .body(body)
                .build();
            received.add(new Delivery(JSON.readTree(body).path("event_type").asString(), request));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /**
     * The REFUND.* notices received for {@code outRefundNo}, in arrival order, as the SDK
     * verifies, decrypts and reads them with {@code merchant}'s keys.
     */
    List<RefundNotification> refundNotices(Merchant merchant, String outRefundNo) {
        Merchant.PlatformKey key = merchant.wechatpay().platformKeys().getFirst();
        NotificationParser parser = new NotificationParser(
                new RSAPublicKeyNotificationConfig.Builder().publicKey(key.publicKeyPem())
                    .publicKeyId(key.id())
                    .apiV3Key(merchant.wechatpay().apiV3Key())
                    .build());
        return received.stream()
            .filter(d -> d.eventType().startsWith("REFUND."))
            .filter(d -> d.request().getSerialNumber().equals(key.id()))
            .map(d -> parser.parse(d.request(), RefundNotification.class))
            .filter(n -> outRefundNo.equals(n.getOutRefundNo()))
            .toList();
    }

    /**
     * The TRANSACTION.SUCCESS notices received for {@code outTradeNo}, as the SDK
     * verifies, decrypts and reads them with {@code merchant}'s keys.
     */
    List<com.wechat.pay.java.service.payments.model.Transaction> transactions(Merchant merchant, String outTradeNo) {
        Merchant.PlatformKey key = merchant.wechatpay().platformKeys().getFirst();
        NotificationParser parser = new NotificationParser(
                new RSAPublicKeyNotificationConfig.Builder().publicKey(key.publicKeyPem())
                    .publicKeyId(key.id())
                    .apiV3Key(merchant.wechatpay().apiV3Key())
                    .build());
        return received.stream()
            .filter(d -> d.eventType().equals("TRANSACTION.SUCCESS"))
            .filter(d -> d.request().getSerialNumber().equals(key.id()))
            .map(d -> parser.parse(d.request(), com.wechat.pay.java.service.payments.model.Transaction.class))
            .filter(t -> outTradeNo.equals(t.getOutTradeNo()))
            .toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }

}
