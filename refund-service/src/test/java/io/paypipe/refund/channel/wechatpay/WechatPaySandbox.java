package io.paypipe.refund.channel.wechatpay;

import com.sun.net.httpserver.HttpServer;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.SandboxApplication;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * The channel sandbox running in this test JVM, once, on a free port, playing WeChat Pay
 * for two direct merchants and a service provider with one sub-merchant, each with a
 * platform certificate key beside its public key. Refunds move on every
 * {@value #SETTLE_AFTER_MS} ms; a lost answer is held {@link #LOST_ANSWER_HOLD}. Its
 * notifications go to a receiver here that acknowledges them.
 */
final class WechatPaySandbox {

    static final long SETTLE_AFTER_MS = 300;

    static final Duration LOST_ANSWER_HOLD = Duration.ofSeconds(3);

    private static WechatPaySandbox running;

    private final Path merchantsFile;

    private final int port;

    private final RestClient http;

    private WechatPaySandbox() {
        HttpServer receiver = receiver();
        try {
            merchantsFile = Files.createTempDirectory("wechatpay-refunds-it").resolve("merchants.yaml");
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = new ArrayList<>();
        // the test classpath holds refund-service's database starters: give the sandbox
        // the test database, as the launcher gives it the product's
        TestInfra.get().springProperties().forEach((k, v) -> args.add("--" + k + "=" + v));
        args.addAll(
                List.of("--server.port=0", "--spring.main.banner-mode=off", "--sandbox.merchants-file=" + merchantsFile,
                        "--sandbox.notify-base-url=http://127.0.0.1:" + receiver.getAddress().getPort(),
                        "--sandbox.time-compression=1000", "--sandbox.sub-merchant-count=1",
                        "--sandbox.wechatpay-certificate-serials=true",
                        "--sandbox.wechatpay-refunds.settle-after=" + SETTLE_AFTER_MS + "ms",
                        "--sandbox.wechatpay-refunds.lost-answer-hold=" + LOST_ANSWER_HOLD.toMillis() + "ms"));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(SandboxApplication.class)
            .run(args.toArray(String[]::new));
        port = Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
        http = RestClient.create(baseUrl().toString());
    }

    static synchronized WechatPaySandbox get() {
        if (running == null) {
            running = new WechatPaySandbox();
        }
        return running;
    }

    /** Where WeChat Pay's API is: the sandbox's scheme, host and port. */
    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /**
     * The entry of the merchants file the sandbox wrote that holds {@code merchantId}:
     * its own, or its service provider's for a sub-merchant.
     */
    Merchant merchant(String merchantId) {
        return MerchantsFile.read(merchantsFile)
            .merchants()
            .stream()
            .filter(m -> m.merchantId().equals(merchantId) || m.subMerchantIds().contains(merchantId))
            .findFirst()
            .orElseThrow();
    }

    /** WeChat pays {@code outTradeNo} of {@code merchantId}; its transaction_id. */
    String pay(String merchantId, String outTradeNo, long totalFen) {
        return http.post()
            .uri("/sandbox/wechatpay/payments")
            .contentType(MediaType.APPLICATION_JSON)
            .body("{\"merchantId\":\"" + merchantId + "\",\"outTradeNo\":\"" + outTradeNo + "\",\"totalFen\":"
                    + totalFen + "}")
            .retrieve()
            .body(JsonNode.class)
            .get("transactionId")
            .asString();
    }

    /** How the refund {@code outRefundNo} of {@code merchantId} will go. */
    void choose(String merchantId, String outRefundNo, String scenario) {
        http.post()
            .uri("/sandbox/wechatpay/refund-scenarios")
            .contentType(MediaType.APPLICATION_JSON)
            .body("{\"merchantId\":\"" + merchantId + "\",\"outRefundNo\":\"" + outRefundNo + "\",\"scenario\":\""
                    + scenario + "\"}")
            .retrieve()
            .toBodilessEntity();
    }

    /** The refunds WeChat's books hold for the trade, oldest first. */
    List<JsonNode> refundsOf(String transactionId) {
        return http.get()
            .uri("/sandbox/wechatpay/trades/{id}/refunds", transactionId)
            .retrieve()
            .body(JsonNode.class)
            .valueStream()
            .toList();
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
