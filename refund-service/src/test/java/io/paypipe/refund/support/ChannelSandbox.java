package io.paypipe.refund.support;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.SandboxApplication;
import io.paypipe.sandbox.alipay.AlipayPayments;
import io.paypipe.sandbox.push.NoticeRecorder;
import io.paypipe.sandbox.stripe.StripePayments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.JsonNode;

/**
 * THE channel sandbox of refund-service's tests: one per test JVM (one
 * {@link SandboxApplication} context, started on first use, on a free port, with the test
 * database and nothing migrated), playing WeChat Pay's, Alipay's and Stripe's refund APIs
 * (signed calls and answers, one refund per refund number, never more than a trade's
 * remaining amount, scenarios per refund) for every test: the channel clients' own and
 * refund-service's. It pays trades and writes the merchants file refund-service reads
 * (with the merchants' outbound keys): tenant {@value #TENANT}, two direct WeChat
 * merchants and service provider 1230000109 with sub-merchant 1900009100, each with a
 * platform certificate key beside its public key, two Alipay apps, two Stripe accounts.
 * Its notifications land in a {@link NoticeRecorder} here that acknowledges them
 * ({@link #notices}): the tests publish {@code refund.notify} themselves, as ingress
 * would. Delays are short: WeChat refunds move every {@link #WECHATPAY_SETTLE_AFTER};
 * pending Alipay and Stripe refunds settle after {@link #SETTLE_DELAY}; a lost answer is
 * held {@link #WECHATPAY_LOST_ANSWER_HOLD} (WeChat), {@link #LOST_ANSWER_HOLD} (Alipay,
 * Stripe), longer than the clients wait; Stripe keys are kept {@link #STRIPE_KEY_TTL};
 * Alipay takes a trade's refunds without its minimum interval (refund-service's tests
 * send two refunds of one trade back to back).
 */
public final class ChannelSandbox {

    /** The tenant of the sandbox's merchants, and so of the tests' orders. */
    public static final String TENANT = "refund-shop";

    public static final Duration WECHATPAY_SETTLE_AFTER = Duration.ofMillis(300);

    public static final Duration WECHATPAY_LOST_ANSWER_HOLD = Duration.ofSeconds(3);

    public static final Duration SETTLE_DELAY = Duration.ofSeconds(2);

    public static final Duration LOST_ANSWER_HOLD = Duration.ofSeconds(4);

    public static final Duration STRIPE_KEY_TTL = Duration.ofSeconds(3);

    private static ChannelSandbox running;

    private final ConfigurableApplicationContext context;

    private final Path merchantsFile;

    private final String baseUrl;

    private final RestClient http;

    private final NoticeRecorder receiver = NoticeRecorder.start();

    private ChannelSandbox() {
        try {
            merchantsFile = Files.createTempDirectory("refund-sandbox").resolve("merchants.yaml");
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = new ArrayList<>();
        // refund-service's classpath brings JDBC and Flyway: the sandbox gets the test
        // database (as the launcher gives every service one) and migrates nothing
        TestInfra.get().springProperties().forEach((key, value) -> args.add("--" + key + "=" + value));
        args.addAll(List.of("--spring.flyway.enabled=false", "--server.port=0", "--spring.main.banner-mode=off",
                "--sandbox.merchants-file=" + merchantsFile, "--sandbox.notify-base-url=" + receiver.baseUrl(),
                "--sandbox.time-compression=1000", "--sandbox.tenant=" + TENANT, "--sandbox.sub-merchant-count=1",
                "--sandbox.wechatpay-certificate-serials=true",
                "--sandbox.wechatpay-refunds.settle-after=" + WECHATPAY_SETTLE_AFTER.toMillis() + "ms",
                "--sandbox.wechatpay-refunds.lost-answer-hold=" + WECHATPAY_LOST_ANSWER_HOLD.toMillis() + "ms",
                "--sandbox.alipay.refund-min-interval=0ms",
                "--sandbox.alipay.refund-settle-delay=" + SETTLE_DELAY.toMillis() + "ms",
                "--sandbox.alipay.lost-answer-hold=" + LOST_ANSWER_HOLD.toMillis() + "ms",
                "--sandbox.stripe.refund-settle-delay=" + SETTLE_DELAY.toMillis() + "ms",
                "--sandbox.stripe.lost-answer-hold=" + LOST_ANSWER_HOLD.toMillis() + "ms",
                "--sandbox.stripe.idempotency-key-ttl=" + STRIPE_KEY_TTL.toMillis() + "ms"));
        context = new SpringApplicationBuilder(SandboxApplication.class).run(args.toArray(String[]::new));
        baseUrl = "http://127.0.0.1:" + context.getEnvironment().getRequiredProperty("local.server.port");
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
                "refund.alipay.gateway-url", alipayGatewayUrl(), "refund.stripe.api-base", stripeApiBase());
    }

    /** Where WeChat Pay's API is: the sandbox's scheme, host and port. */
    public URI wechatpayBaseUrl() {
        return URI.create(baseUrl);
    }

    /** Where Alipay's SDK posts: the sandbox's {@code gateway.do}. */
    public String alipayGatewayUrl() {
        return baseUrl + "/sandbox/alipay/gateway.do";
    }

    /** stripe-java's API base for the sandbox. */
    public String stripeApiBase() {
        return baseUrl + "/sandbox/stripe";
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
     * The entry of the merchants file that holds {@code merchantId}: its own, or its
     * service provider's for a sub-merchant.
     */
    public Merchant merchant(String merchantId) {
        return MerchantsFile.read(merchantsFile)
            .merchants()
            .stream()
            .filter(m -> m.merchantId().equals(merchantId) || m.subMerchantIds().contains(merchantId))
            .findFirst()
            .orElseThrow();
    }

    /**
     * {@code channel} pays {@code outTradeNo} of {@code merchant}: the trade's number.
     */
    public ChannelTradeNo pay(Channel channel, MerchantId merchant, String outTradeNo, long minor) {
        return switch (channel) {
            case WECHATPAY -> ChannelTradeNo.of(post("/sandbox/wechatpay/payments",
                    Map.of("merchantId", merchant.value(), "outTradeNo", outTradeNo, "totalFen", minor))
                .get("transactionId")
                .asString());
            case ALIPAY -> ChannelTradeNo.of(post("/sandbox/alipay/payments",
                    Map.of("appId", merchant.value(), "outTradeNo", outTradeNo, "totalFen", minor))
                .get("tradeNo")
                .asString());
            case STRIPE -> ChannelTradeNo.of(post("/sandbox/stripe/payments",
                    Map.of("account", merchant.value(), "outTradeNo", outTradeNo, "amount", minor, "currency", "usd"))
                .get("paymentIntentId")
                .asString());
        };
    }

    /**
     * WeChat pays {@code outTradeNo} of {@code merchant} with the merchant's coupon: the
     * trade's total ({@code amount.total}) is {@code totalFen}, the payer paid
     * {@code payerTotalFen} ({@code amount.payer_total}); the trade's number.
     */
    public ChannelTradeNo payWechatWithCoupon(MerchantId merchant, String outTradeNo, long totalFen,
            long payerTotalFen) {
        return ChannelTradeNo
            .of(post("/sandbox/wechatpay/payments", Map.of("merchantId", merchant.value(), "outTradeNo", outTradeNo,
                    "totalFen", totalFen, "payerTotalFen", payerTotalFen))
                .get("transactionId")
                .asString());
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

    /**
     * Stripe's books of a PaymentIntent: {@code amountRefunded} and its {@code refunds}.
     */
    public JsonNode stripeRefundsOf(MerchantId account, ChannelTradeNo paymentIntent) {
        return http.get()
            .uri("/sandbox/stripe/payment-intents/{account}/{id}/refunds", account.value(), paymentIntent.value())
            .retrieve()
            .body(JsonNode.class);
    }

    /** A refund made in WeChat's merchant dashboard: WeChat's refund. */
    public JsonNode wechatDashboardRefund(MerchantId merchant, ChannelTradeNo transactionId, long refundFen) {
        return post("/sandbox/wechatpay/dashboard-refunds",
                Map.of("merchantId", merchant.value(), "transactionId", transactionId.value(), "refundFen", refundFen));
    }

    /** Alipay's payments and trade books, as the sandbox keeps them. */
    public AlipayPayments alipay() {
        return context.getBean(AlipayPayments.class);
    }

    /** Stripe's payments and PaymentIntent books, as the sandbox keeps them. */
    public StripePayments stripe() {
        return context.getBean(StripePayments.class);
    }

    /** The notifications pushed to {@code path} whose body contains {@code text}. */
    public List<NoticeRecorder.Notice> notices(String path, String text) {
        return receiver.notices(path, text);
    }

    private JsonNode post(String path, Object body) {
        return http.post().uri(path).contentType(MediaType.APPLICATION_JSON).body(body).retrieve().body(JsonNode.class);
    }

}
