package io.paypipe.channel;

import io.paypipe.channel.query.QueriedOrder;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.ChannelTradeNo;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.id.OrderKey;
import io.paypipe.core.id.OutTradeNo;
import io.paypipe.core.id.TenantId;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.money.Money;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.SandboxApplication;
import io.paypipe.sandbox.alipay.AlipayPayments;
import io.paypipe.sandbox.push.NoticeRecorder;
import io.paypipe.sandbox.query.ChannelOrderBooks;
import io.paypipe.sandbox.query.ChannelCall;
import io.paypipe.sandbox.query.ChannelCalls;
import io.paypipe.sandbox.query.CloseScenario;
import io.paypipe.sandbox.query.CloseScenarios;
import io.paypipe.sandbox.query.OrderRef;
import io.paypipe.sandbox.query.QueryFault;
import io.paypipe.sandbox.query.QueryFaults;
import io.paypipe.sandbox.stripe.StripePayments;
import io.paypipe.sandbox.wechatpay.WechatPayPayments;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The channel sandbox running in the test JVM (one per JVM, started on first use), as the
 * channel clients call it: on a random port, with the test broker and database (as
 * refund-service's channel tests start it), its merchants file in a temporary directory
 * (two direct WeChat merchants and a service provider with one sub-merchant, two Alipay
 * apps, two Stripe accounts), its notifications landing in a {@link NoticeRecorder}. A
 * call failed with a timeout is held {@link #TIMEOUT_HOLD}, far longer than the clients
 * wait ({@link #CALL_TIMEOUT}).
 */
public final class InProcessSandbox {

    public static final String TENANT = "channel-clients-shop";

    public static final String WECHAT_DIRECT = "1900000100";

    public static final String WECHAT_OTHER_DIRECT = "1900000101";

    public static final String WECHAT_PROVIDER = "1230000109";

    public static final String WECHAT_SUB_MERCHANT = "1900009100";

    public static final String ALIPAY_APP = "2021000100000000";

    public static final String ALIPAY_OTHER_APP = "2021000100000001";

    public static final String STRIPE_ACCOUNT = "acct_1PaypipeSbx0000";

    public static final String STRIPE_OTHER_ACCOUNT = "acct_1PaypipeSbx0001";

    /** How long the clients under test wait for one answer. */
    public static final Duration CALL_TIMEOUT = Duration.ofSeconds(1);

    /** How long the sandbox holds a call failed with a timeout. */
    public static final Duration TIMEOUT_HOLD = Duration.ofSeconds(6);

    private static InProcessSandbox instance;

    private final ConfigurableApplicationContext context;

    private final Path merchantsFile;

    private final int port;

    private final NoticeRecorder receiver = NoticeRecorder.start();

    private InProcessSandbox() {
        try {
            merchantsFile = Files.createTempDirectory("channel-clients-sandbox").resolve("merchants.yaml");
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = new ArrayList<>();
        TestInfra.get().springProperties().forEach((key, value) -> args.add("--" + key + "=" + value));
        args.addAll(List.of("--server.port=0", "--spring.main.banner-mode=off",
                "--sandbox.merchants-file=" + merchantsFile, "--sandbox.notify-base-url=" + receiver.baseUrl(),
                "--sandbox.time-compression=1000", "--sandbox.tenant=" + TENANT, "--sandbox.sub-merchant-count=1",
                "--sandbox.order-queries.timeout-hold=" + TIMEOUT_HOLD.toMillis() + "ms"));
        context = new SpringApplicationBuilder(SandboxApplication.class).run(args.toArray(String[]::new));
        port = Integer.parseInt(context.getEnvironment().getRequiredProperty("local.server.port"));
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

    /** The merchants file the sandbox wrote, as a service reads it. */
    public Merchants merchants() {
        return new Merchants(MerchantsFile.read(merchantsFile));
    }

    /** The entries of the merchants file the sandbox wrote. */
    public List<Merchant> merchantEntries() {
        return MerchantsFile.read(merchantsFile).merchants();
    }

    /** The entry of {@code merchantId} (an account, not a sub-merchant). */
    public Merchant merchant(String merchantId) {
        return merchantEntries().stream().filter(m -> m.merchantId().equals(merchantId)).findFirst().orElseThrow();
    }

    /**
     * The merchants file with {@code merchantId}'s entry replaced by {@code changed}
     * applied to it (e.g. the channel's key swapped for another merchant's).
     */
    public Merchants merchantsWith(String merchantId, java.util.function.UnaryOperator<Merchant> changed) {
        return new Merchants(
                merchantEntries().stream().map(m -> m.merchantId().equals(merchantId) ? changed.apply(m) : m).toList());
    }

    /** A fresh out_trade_no. */
    public static String outTradeNo(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 18);
    }

    /**
     * The order {@code outTradeNo} of {@code merchantId} (under {@code sp}) as queried.
     */
    public static QueriedOrder order(Channel channel, String merchantId, Optional<String> sp, String outTradeNo,
            Money amount, Optional<String> channelTradeNo) {
        return new QueriedOrder(new OrderKey(TenantId.of(TENANT), MerchantId.of(merchantId), OutTradeNo.of(outTradeNo)),
                sp.map(MerchantId::of), channel, amount, channelTradeNo.map(ChannelTradeNo::of));
    }

    public WechatPayPayments wechatpay() {
        return context.getBean(WechatPayPayments.class);
    }

    public AlipayPayments alipay() {
        return context.getBean(AlipayPayments.class);
    }

    public StripePayments stripe() {
        return context.getBean(StripePayments.class);
    }

    /**
     * The next call of {@code operation} for {@code merchantId} at {@code channel} fails.
     */
    public void failNext(Channel channel, QueryFault fault, ChannelCall.Operation operation, String merchantId) {
        context.getBean(QueryFaults.class).failNext(channel, fault, 1, EnumSet.of(operation), merchantId);
    }

    /** The order's next close meets its payment. */
    public void paidDuringClose(Channel channel, String merchantId, String outTradeNo) {
        context.getBean(CloseScenarios.class)
            .choose(OrderRef.of(channel, merchantId, outTradeNo), CloseScenario.PAID_DURING_CLOSE);
    }

    /** Moves an unpaid order to another unpaid state (USERPAYING, processing, ...). */
    public void setState(Channel channel, String merchantId, String outTradeNo, String state) {
        context.getBean(ChannelOrderBooks.class).of(channel).setState(merchantId, outTradeNo, state);
    }

    /**
     * Files the order under another merchant: its own merchant's queries find nothing.
     */
    public void misfile(Channel channel, String merchantId, String outTradeNo, String toMerchantId) {
        context.getBean(ChannelOrderBooks.class).of(channel).misfile(merchantId, outTradeNo, toMerchantId);
    }

    /** The query and close calls the channel received for the order. */
    public List<ChannelCall> calls(Channel channel, String merchantId, String outTradeNo) {
        return context.getBean(ChannelCalls.class).of(OrderRef.of(channel, merchantId, outTradeNo));
    }

}
