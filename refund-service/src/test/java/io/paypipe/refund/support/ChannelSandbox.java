package io.paypipe.refund.support;

import com.sun.net.httpserver.HttpServer;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.SandboxApplication;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * The channel sandbox running in this test JVM, once, on a free port: it plays WeChat
 * Pay's and Alipay's refund APIs (signed calls and answers, one refund per refund number,
 * never more than a trade's remaining amount, scenarios per refund), pays trades, and
 * writes the merchants file refund-service reads (with the merchants' outbound keys). Its
 * notifications go to a receiver here that acknowledges them: the refund tests publish
 * {@code refund.notify} themselves, as ingress would. WeChat refunds move on every
 * {@value #SETTLE_AFTER_MS} ms; a lost answer is held {@value #LOST_ANSWER_HOLD_MS} ms,
 * longer than refund-service waits.
 */
public final class ChannelSandbox {

    /** The tenant of the sandbox's merchants, and so of the tests' orders. */
    public static final String TENANT = "refund-shop";

    public static final long SETTLE_AFTER_MS = 300;

    public static final long LOST_ANSWER_HOLD_MS = 3_000;

    private static ChannelSandbox running;

    private final Path merchantsFile;

    private final String baseUrl;

    private final RestClient http;

    private ChannelSandbox() {
        HttpServer receiver = receiver();
        try {
            merchantsFile = Files.createTempDirectory("refund-it-sandbox").resolve("merchants.yaml");
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = new ArrayList<>();
        TestInfra.get().springProperties().forEach((k, v) -> args.add("--" + k + "=" + v));
        args.addAll(
                List.of("--server.port=0", "--spring.main.banner-mode=off", "--sandbox.merchants-file=" + merchantsFile,
                        "--sandbox.notify-base-url=http://127.0.0.1:" + receiver.getAddress().getPort(),
                        "--sandbox.time-compression=1000", "--sandbox.tenant=" + TENANT,
                        "--sandbox.wechatpay-refunds.settle-after=" + SETTLE_AFTER_MS + "ms",
                        "--sandbox.wechatpay-refunds.lost-answer-hold=" + LOST_ANSWER_HOLD_MS + "ms",
                        "--sandbox.alipay.refund-min-interval=0ms", "--sandbox.alipay.refund-settle-delay=300ms",
                        "--sandbox.alipay.lost-answer-hold=" + LOST_ANSWER_HOLD_MS + "ms"));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(SandboxApplication.class)
            .run(args.toArray(String[]::new));
        baseUrl = "http://127.0.0.1" + ":" + context.getEnvironment().getRequiredProperty("local.server.port");
        http = RestClient.create(baseUrl);
    }

    public static synchronized ChannelSandbox get() {
        if (running == null) {
            running = new ChannelSandbox();
        }
        return running;
    }

    /** refund-service's settings that point its channel clients here. */
    public Map<String, String> refundServiceProperties() {
        return Map.of("refund.merchants-file", merchantsFile.toString(), "refund.wechatpay.base-url", baseUrl,
                "refund.alipay.gateway-url", baseUrl + "/sandbox/alipay/gateway.do", "refund.stripe.api-base",
                baseUrl + "/sandbox/stripe");
    }

    /** The {@code index}-th direct merchant of {@code channel} in the merchants file. */
    public MerchantId merchant(Channel channel, int index) {
        return MerchantId.of(MerchantsFile.read(merchantsFile)
            .merchants()
            .stream()
            .filter(m -> m.channel() == channel && m.subMerchantIds().isEmpty())
            .map(Merchant::merchantId)
            .toList()
            .get(index));
    }

    /**
     * WeChat (or Alipay) pays {@code outTradeNo} of {@code merchant}: the trade's number.
     */
    public ChannelTradeNo pay(Channel channel, MerchantId merchant, String outTradeNo, long totalFen) {
        return switch (channel) {
            case WECHATPAY -> ChannelTradeNo.of(post("/sandbox/wechatpay/payments",
                    Map.of("merchantId", merchant.value(), "outTradeNo", outTradeNo, "totalFen", totalFen))
                .get("transactionId")
                .asString());
            case ALIPAY -> ChannelTradeNo.of(post("/sandbox/alipay/payments",
                    Map.of("appId", merchant.value(), "outTradeNo", outTradeNo, "totalFen", totalFen))
                .get("tradeNo")
                .asString());
            case STRIPE ->
                ChannelTradeNo.of(post("/sandbox/stripe/payments", Map.of("account", merchant.value(), "outTradeNo",
                        outTradeNo, "amount", totalFen, "currency", "usd"))
                    .get("paymentIntentId")
                    .asString());
        };
    }

    /** How WeChat treats the refund {@code outRefundNo} of {@code merchant}. */
    public void chooseWechat(MerchantId merchant, String outRefundNo, String scenario) {
        post("/sandbox/wechatpay/refund-scenarios",
                Map.of("merchantId", merchant.value(), "outRefundNo", outRefundNo, "scenario", scenario));
    }

    /** How Alipay treats the next new refunds of {@code tradeNo}, in order. */
    public void chooseAlipay(ChannelTradeNo tradeNo, String... scenarios) {
        post("/sandbox/alipay/refund-scenarios", Map.of("tradeNo", tradeNo.value(), "scenarios", List.of(scenarios)));
    }

    /** The refunds WeChat made of a trade, oldest first. */
    public List<JsonNode> wechatRefundsOf(ChannelTradeNo transactionId) {
        return http.get()
            .uri("/sandbox/wechatpay/trades/{id}/refunds", transactionId.value())
            .retrieve()
            .body(JsonNode.class)
            .valueStream()
            .toList();
    }

    /** Alipay's books of a trade: {@code refundedFen} and its {@code refunds}. */
    public JsonNode alipayRefundsOf(ChannelTradeNo tradeNo) {
        return http.get().uri("/sandbox/alipay/trades/{no}/refunds", tradeNo.value()).retrieve().body(JsonNode.class);
    }

    /** A refund made in WeChat's merchant dashboard: WeChat's refund. */
    public JsonNode wechatDashboardRefund(MerchantId merchant, ChannelTradeNo transactionId, long refundFen) {
        return post("/sandbox/wechatpay/dashboard-refunds",
                Map.of("merchantId", merchant.value(), "transactionId", transactionId.value(), "refundFen", refundFen));
    }

    /**
     * Stripe's books of a PaymentIntent: {@code amountRefunded} and its {@code refunds}.
     */
    public JsonNode stripeRefundsOf(MerchantId account, ChannelTradeNo paymentIntent) {
        return http.get()
            .uri("/sandbox/stripe/payment-intents/{account}/{id}/refunds", account.value(), paymentIntent.value())
            .retrieve()
            .body(JsonNode.class);
    }

    /** A refund made in Alipay's merchant console: booked on the trade, no out_biz_no. */
    public JsonNode alipayConsoleRefund(ChannelTradeNo tradeNo, long refundFen) {
        return post("/sandbox/alipay/console-refunds", Map.of("tradeNo", tradeNo.value(), "refundFen", refundFen));
    }

    private JsonNode post(String path, Object body) {
        return http.post().uri(path).contentType(MediaType.APPLICATION_JSON).body(body).retrieve().body(JsonNode.class);
    }

    private static HttpServer receiver() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/", exchange -> {
                exchange.getRequestBody().readAllBytes();
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
            server.start();
            return server;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
