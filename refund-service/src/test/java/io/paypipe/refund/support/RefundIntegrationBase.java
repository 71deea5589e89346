package io.paypipe.refund.support;

import io.paypipe.core.id.Channel;
import io.paypipe.embedded.TestInfra;
import io.paypipe.refund.RefundApplication;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Every refund integration test: refund-service on the shared broker and database
 * ({@link TestInfra}), its ladders compressed to milliseconds, the test merchants, and a
 * {@link ScriptedChannel} per channel standing in for the channels' refund APIs. One
 * Spring context for all of them (same configuration), unique orders per test.
 */
@SpringBootTest(classes = RefundApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = { "refund.query-delays=800ms,1000ms,1500ms", "refund.notify-retry-delays=200ms,400ms",
                "refund.task-retry-delays=200ms,400ms", "refund.dead-letter-retry-delays=100ms",
                "refund.channel-call-timeout=500ms", "refund.concurrency=2" })
@Import(RefundIntegrationBase.Channels.class)
public abstract class RefundIntegrationBase {

    @Autowired
    protected JdbcClient jdbc;

    @Autowired
    protected Channels channels;

    @LocalServerPort
    protected int port;

    protected Rows db;

    protected PaidOrders orders;

    protected RefundApi api;

    @DynamicPropertySource
    static void sharedInfra(DynamicPropertyRegistry registry) {
        TestInfra.get().springProperties().forEach((k, v) -> registry.add(k, () -> v));
        registry.add("refund.merchants-file", () -> TestMerchants.file().toString());
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

    /** The stand-ins for the channels' refund APIs. */
    @TestConfiguration(proxyBeanMethods = false)
    public static class Channels {

        private final ScriptedChannel wechat = new ScriptedChannel(Channel.WECHATPAY);

        private final ScriptedChannel alipay = new ScriptedChannel(Channel.ALIPAY);

        @Bean
        ScriptedChannel wechatRefunds() {
            return wechat;
        }

        @Bean
        ScriptedChannel alipayRefunds() {
            return alipay;
        }

        public ScriptedChannel wechat() {
            return wechat;
        }

        public ScriptedChannel alipay() {
            return alipay;
        }

    }

}
