package io.paypipe.reconcile.bill.stripe;

import io.paypipe.channel.Merchants;
import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.embedded.TestInfra;
import io.paypipe.sandbox.SandboxApplication;
import io.paypipe.sandbox.bill.BillScenarios;
import io.paypipe.sandbox.bill.SettlementBook;
import io.paypipe.sandbox.push.NoticeRecorder;
import io.paypipe.sandbox.stripe.StripePayments;
import io.paypipe.sandbox.stripe.StripeRefundApi;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A channel sandbox of its own for the Stripe bill test (one per test JVM, started on
 * first use, on a free port, with the test broker), whose clock the test moves: payments
 * and refunds made while the clock stands on a past day are that day's settlements, and
 * the clock moved past the day makes its bill available. The {@code sandboxClock} bean is
 * replaced by that clock before the context creates anything. Stripe refunds settle after
 * 100 ms; the events land in a {@link NoticeRecorder} (no ingress here).
 */
final class StripeBillSandbox {

    static final String ACCOUNT = "acct_1PaypipeSbx0000";

    private static StripeBillSandbox running;

    private final MovableClock clock = new MovableClock(Instant.now());

    private final ConfigurableApplicationContext context;

    private final Path merchantsFile;

    private final String baseUrl;

    private final NoticeRecorder receiver = NoticeRecorder.start();

    private StripeBillSandbox() {
        try {
            merchantsFile = Files.createTempDirectory("reconcile-stripe-bills").resolve("merchants.yaml");
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = new ArrayList<>();
        TestInfra.get().springProperties().forEach((key, value) -> args.add("--" + key + "=" + value));
        args.addAll(List.of("--spring.flyway.enabled=false", "--server.port=0", "--spring.main.banner-mode=off",
                "--sandbox.merchants-file=" + merchantsFile, "--sandbox.notify-base-url=" + receiver.baseUrl(),
                "--sandbox.time-compression=1000", "--sandbox.tenant=reconcile-stripe-bills",
                "--sandbox.stripe.refund-settle-delay=100ms"));
        context = new SpringApplicationBuilder(SandboxApplication.class)
            .initializers(ctx -> ctx.addBeanFactoryPostProcessor(new ClockSwap(clock)))
            .run(args.toArray(String[]::new));
        baseUrl = "http://127.0.0.1:" + context.getEnvironment().getRequiredProperty("local.server.port");
    }

    static synchronized StripeBillSandbox get() {
        if (running == null) {
            running = new StripeBillSandbox();
        }
        return running;
    }

    /** The sandbox's clock, now standing at {@code instant}. */
    void setClock(Instant instant) {
        clock.set(instant);
    }

    String apiBase() {
        return baseUrl + "/sandbox/stripe";
    }

    Merchants merchants() {
        return new Merchants(MerchantsFile.read(merchantsFile));
    }

    String secretKey() {
        return merchants().of(Channel.STRIPE, MerchantId.of(ACCOUNT), Optional.empty())
            .orElseThrow()
            .stripe()
            .secretKey();
    }

    StripePayments payments() {
        return context.getBean(StripePayments.class);
    }

    StripeRefundApi refunds() {
        return context.getBean(StripeRefundApi.class);
    }

    SettlementBook settlements() {
        return context.getBean(SettlementBook.class);
    }

    BillScenarios scenarios() {
        return context.getBean(BillScenarios.class);
    }

    /** Replaces the {@code sandboxClock} bean definition by {@code clock}. */
    private record ClockSwap(Clock clock) implements BeanDefinitionRegistryPostProcessor {

        @Override
        public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
            // the sandbox's configuration classes are not read yet
        }

        @Override
        public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
            BeanDefinitionRegistry registry = (BeanDefinitionRegistry) beanFactory;
            registry.removeBeanDefinition("sandboxClock");
            registry.registerBeanDefinition("sandboxClock", new RootBeanDefinition(Clock.class, () -> clock));
        }

    }

    /** A clock that stands where it is set. */
    private static final class MovableClock extends Clock {

        private final AtomicReference<Instant> now;

        MovableClock(Instant start) {
            this.now = new AtomicReference<>(start);
        }

        void set(Instant instant) {
            now.set(instant);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }

    }

}
