package io.paypipe.sandbox;

import com.alipay.api.internal.util.AlipayLogger;
import io.paypipe.core.event.OrderCreated;
import io.paypipe.core.merchant.Merchant;
import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.core.topic.Topics;
import io.paypipe.sandbox.push.NoticeRecorder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.producer.MockProducer;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.context.bean.override.convention.TestBean;

/**
 * The sandbox on a random port, as the channels' refund APIs are called on it: the
 * official SDKs call its HTTP endpoints, and what it pushes lands in a
 * {@link NoticeRecorder}. Delays are short: refunds of one Alipay trade 300 ms apart,
 * pending refunds settle after 2 s, a lost answer and a query timeout are held 1.5 s. No
 * broker: orders go to a mock producer. Every subclass shares one Spring context.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class RunningSandbox {

    static {
        // the tests that call the sandbox with the official alipay-sdk-java (as a
        // merchant
        // would) keep its request log off, as the product's AlipayClients does: it logs
        // each request's signed parameters (sign=...), which the build's log scan
        // (infra/logscan) refuses
        AlipayLogger.setNeedEnableLogger(false);
    }

    public static final Duration LOST_ANSWER_HOLD = Duration.ofMillis(1500);

    public static final Duration ALIPAY_REFUND_INTERVAL = Duration.ofMillis(300);

    public static final Duration SETTLE_DELAY = Duration.ofSeconds(2);

    protected static final Path MERCHANTS_FILE = tempDir().resolve("merchants.yaml");

    private static final NoticeRecorder RECEIVER = NoticeRecorder.start();

    private static final MockProducer<String, OrderCreated> PRODUCER = new MockProducer<>(true, null,
            Topics.ORDER_CREATED.keySerializer(), Topics.ORDER_CREATED.valueSerializer()) {
        @Override
        public void close(Duration timeout) {
            // kept for the next send
        }
    };

    @LocalServerPort
    protected int port;

    @TestBean
    ProducerFactory<String, OrderCreated> sandboxOrderProducerFactory;

    static ProducerFactory<String, OrderCreated> sandboxOrderProducerFactory() {
        return () -> PRODUCER;
    }

    @DynamicPropertySource
    static void sandboxProperties(DynamicPropertyRegistry registry) {
        registry.add("sandbox.merchants-file", MERCHANTS_FILE::toString);
        registry.add("sandbox.notify-base-url", () -> RECEIVER.baseUrl().toString());
        registry.add("sandbox.time-compression", () -> "1000");
        registry.add("sandbox.tenant", () -> "refund-test-shop");
        registry.add("sandbox.alipay.refund-min-interval", () -> ALIPAY_REFUND_INTERVAL.toMillis() + "ms");
        registry.add("sandbox.alipay.refund-settle-delay", () -> SETTLE_DELAY.toMillis() + "ms");
        registry.add("sandbox.alipay.lost-answer-hold", () -> LOST_ANSWER_HOLD.toMillis() + "ms");
        registry.add("sandbox.stripe.refund-settle-delay", () -> SETTLE_DELAY.toMillis() + "ms");
        registry.add("sandbox.stripe.lost-answer-hold", () -> LOST_ANSWER_HOLD.toMillis() + "ms");
        registry.add("sandbox.order-queries.timeout-hold", () -> LOST_ANSWER_HOLD.toMillis() + "ms");
    }

    protected String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    /** The merchants-file entry of {@code merchantId}, as a service reads it. */
    protected static Merchant merchantEntry(String merchantId) {
        return MerchantsFile.read(MERCHANTS_FILE)
            .merchants()
            .stream()
            .filter(m -> m.merchantId().equals(merchantId))
            .findFirst()
            .orElseThrow();
    }

    /** The notifications pushed to {@code path} whose body contains {@code text}. */
    protected static List<NoticeRecorder.Notice> notices(String path, String text) {
        return RECEIVER.notices(path, text);
    }

    private static Path tempDir() {
        try {
            Path dir = Files.createTempDirectory("sandbox-refunds");
            dir.toFile().deleteOnExit();
            return dir;
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
