package io.paypipe.reconcile.support;

import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.SandboxApplication;
import io.paypipe.sandbox.order.SandboxOrders;
import io.paypipe.sandbox.push.NoticeRecorder;
import io.paypipe.sandbox.query.CallbackScenarios;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.ChannelOrderBooks;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.QueryFaults;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * THE channel sandbox of reconcile-service's tests: one per test JVM (started on first
 * use, on a free port, with the test broker and database and nothing migrated), playing
 * the channels' order query and close for the active query, creating orders as the
 * merchant's order system does ({@code order.created}) and paying them. Tenant
 * {@value #TENANT}, WeChat direct merchants {@value #WECHAT_A}, {@value #WECHAT_B},
 * {@value #WECHAT_C}, {@value #WECHAT_D}; its notifications land in a
 * {@link NoticeRecorder} here (no ingress in reconcile's tests).
 */
public final class QuerySandbox {

    public static final String TENANT = "reconcile-shop";

    public static final String WECHAT_A = "1900000100";

    public static final String WECHAT_B = "1900000101";

    public static final String WECHAT_C = "1900000102";

    public static final String WECHAT_D = "1900000103";

    private static QuerySandbox running;

    private final ConfigurableApplicationContext context;

    private final Path merchantsFile;

    private final String baseUrl;

    private final NoticeRecorder receiver = NoticeRecorder.start();

    private QuerySandbox() {
        try {
            merchantsFile = Files.createTempDirectory("reconcile-sandbox").resolve("merchants.yaml");
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = new ArrayList<>();
        TestInfra.get().springProperties().forEach((key, value) -> args.add("--" + key + "=" + value));
        args.addAll(List.of("--spring.flyway.enabled=false", "--server.port=0", "--spring.main.banner-mode=off",
                "--sandbox.merchants-file=" + merchantsFile, "--sandbox.notify-base-url=" + receiver.baseUrl(),
                "--sandbox.time-compression=1000", "--sandbox.tenant=" + TENANT, "--sandbox.merchant-count=4",
                "--sandbox.order-queries.timeout-hold=3s"));
        context = new SpringApplicationBuilder(SandboxApplication.class).run(args.toArray(String[]::new));
        baseUrl = "http://127.0.0.1:" + context.getEnvironment().getRequiredProperty("local.server.port");
    }

    public static synchronized QuerySandbox get() {
        if (running == null) {
            running = new QuerySandbox();
        }
        return running;
    }

    /** reconcile-service's settings that point its channel clients here. */
    public Map<String, String> reconcileProperties() {
        return Map.of("reconcile.merchants-file", merchantsFile.toString(), "reconcile.wechatpay.base-url", baseUrl,
                "reconcile.alipay.gateway-url", baseUrl + "/sandbox/alipay/gateway.do", "reconcile.stripe.api-base",
                baseUrl + "/sandbox/stripe");
    }

    public SandboxOrders orders() {
        return context.getBean(SandboxOrders.class);
    }

    public WechatPayPayments wechatpay() {
        return context.getBean(WechatPayPayments.class);
    }

    public CallbackScenarios callbacks() {
        return context.getBean(CallbackScenarios.class);
    }

    public CloseScenarios closes() {
        return context.getBean(CloseScenarios.class);
    }

    public QueryFaults faults() {
        return context.getBean(QueryFaults.class);
    }

    public ChannelCalls calls() {
        return context.getBean(ChannelCalls.class);
    }

    public ChannelOrderBooks books() {
        return context.getBean(ChannelOrderBooks.class);
    }

    /**
     * The notifications the sandbox pushed to {@code path} whose body contains
     * {@code text}.
     */
    public List<NoticeRecorder.Notice> notices(String path, String text) {
        return receiver.notices(path, text);
    }

}
