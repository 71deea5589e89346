package io.paypipe.refund.channel;

import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.SandboxApplication;
import io.paypipe.sandbox.alipay.AlipayPayments;
import io.paypipe.sandbox.alipay.AlipayRefundDesk;
import io.paypipe.sandbox.push.NoticeRecorder;
import io.paypipe.sandbox.stripe.StripePayments;
import io.paypipe.sandbox.stripe.StripeRefundApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The channel sandbox running in the test JVM (one per JVM, started on first use), as
 * refund-service's channel clients call it: on a random port, with the test broker, its
 * merchants file in a temporary directory, and its notifications landing in a receiver in
 * a {@link NoticeRecorder} ({@link #notices}). Delays are short: refunds of one Alipay
 * trade {@link #ALIPAY_REFUND_INTERVAL} apart, pending refunds settle after
 * {@link #SETTLE_DELAY}, a lost answer is held {@link #LOST_ANSWER_HOLD}, Stripe keys are
 * kept {@link #STRIPE_KEY_TTL}.
 */
public final class InProcessSandbox {

    public static final Duration ALIPAY_REFUND_INTERVAL = Duration.ofMillis(300);

    public static final Duration SETTLE_DELAY = Duration.ofSeconds(2);

    public static final Duration LOST_ANSWER_HOLD = Duration.ofSeconds(4);

    public static final Duration STRIPE_KEY_TTL = Duration.ofSeconds(3);

    private static InProcessSandbox instance;

    private final ConfigurableApplicationContext context;

    private final Path merchantsFile;

    private final int port;

    private final NoticeRecorder receiver = NoticeRecorder.start();

    private InProcessSandbox() {
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
        args.addAll(List.of("--spring.flyway.enabled=false", "--server.port=0",
                "--sandbox.merchants-file=" + merchantsFile, "--sandbox.notify-base-url=" + receiver.baseUrl(),
                "--sandbox.time-compression=1000", "--sandbox.tenant=refund-shop",
                "--sandbox.alipay.refund-min-interval=" + ALIPAY_REFUND_INTERVAL.toMillis() + "ms",
                "--sandbox.alipay.refund-settle-delay=" + SETTLE_DELAY.toMillis() + "ms",
                "--sandbox.alipay.lost-answer-hold=" + LOST_ANSWER_HOLD.toMillis() + "ms",
                "--sandbox.stripe.refund-settle-delay=" + SETTLE_DELAY.toMillis() + "ms",
                "--sandbox.stripe.lost-answer-hold=" + LOST_ANSWER_HOLD.toMillis() + "ms",
                "--sandbox.stripe.idempotency-key-ttl=" + STRIPE_KEY_TTL.toMillis() + "ms"));
        context = new SpringApplicationBuilder(SandboxApplication.class).run(args.toArray(String[]::new));
        port = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    public static synchronized InProcessSandbox get() {
        if (instance == null) {
            instance = new InProcessSandbox();
        }
        return instance;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** Where Alipay's SDK posts: the sandbox's {@code gateway.do}. */
    public String alipayGatewayUrl() {
        return baseUrl() + "/sandbox/alipay/gateway.do";
    }

    /** stripe-java's API base for the sandbox. */
    public String stripeApiBase() {
        return baseUrl() + "/sandbox/stripe";
    }

    public Path merchantsFile() {
        return merchantsFile;
    }

    /** The entry of {@code merchantId} as refund-service reads the merchants file. */
    public Merchant merchant(String merchantId) {
        return MerchantsFile.read(merchantsFile)
            .merchants()
            .stream()
            .filter(m -> m.merchantId().equals(merchantId))
            .findFirst()
            .orElseThrow();
    }

    public AlipayPayments alipay() {
        return context.getBean(AlipayPayments.class);
    }

    public AlipayRefundDesk alipayDesk() {
        return context.getBean(AlipayRefundDesk.class);
    }

    public StripePayments stripe() {
        return context.getBean(StripePayments.class);
    }

    public StripeRefundApi stripeApi() {
        return context.getBean(StripeRefundApi.class);
    }

    /** The notifications pushed to {@code path} whose body contains {@code text}. */
    public List<NoticeRecorder.Notice> notices(String path, String text) {
        return receiver.notices(path, text);
    }

}
