package io.paypipe.refund.support;

import io.paypipe.core.id.Channel;
import io.paypipe.core.id.MerchantId;
import io.paypipe.embedded.TestInfra;
import io.paypipe.refund.RefundApplication;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Every refund integration test: refund-service on the shared broker and database
 * ({@link TestInfra}), its ladders compressed (the first query after 1.5 s, the channel
 * call's timeout 1 s, the stuck-refund sweeper every 500 ms), its real channel clients
 * calling the channel sandbox ({@link ChannelSandbox}) with the merchants (and keys) the
 * sandbox wrote. One Spring context for all of them (same configuration), unique orders
 * per test.
 */
@SpringBootTest(classes = RefundApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "refund.query-delays=1500ms,2s,3s", "refund.notify-retry-delays=200ms,400ms",
                "refund.task-retry-delays=200ms,400ms", "refund.dead-letter-retry-delays=100ms",
                "refund.channel-call-timeout=1s", "refund.concurrency=2", "refund.stuck-sweep-interval=500ms" })
public abstract class RefundIntegrationBase {

    @Autowired
    protected JdbcClient jdbc;

    @LocalServerPort
    protected int port;

    protected final ChannelSandbox sandbox = ChannelSandbox.get();

    protected Rows db;

    protected PaidOrders orders;

    protected RefundApi api;

    @DynamicPropertySource
    static void sharedInfra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        ChannelSandbox.get().refundServiceProperties().forEach((k, v) -> registry.add(k, () -> v));
    }

    @BeforeEach
    void readBack() {
        db = new Rows(jdbc);
        orders = new PaidOrders(jdbc);
        api = new RefundApi(port);
    }

    protected static String bootstrapServers() {
        return TestInfra.get().bootstrapServers();
    }

    /** The {@code index}-th direct WeChat merchant of the sandbox. */
    protected MerchantId wechat(int index) {
        return sandbox.merchant(Channel.WECHATPAY, index);
    }

    /** The sandbox's first Alipay app. */
    protected MerchantId alipay() {
        return sandbox.merchant(Channel.ALIPAY, 0);
    }

}
